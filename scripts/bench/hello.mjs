// The baselines: a bare Fastify hello-world, measured in the same run as Hostdeck; and, when
// BENCH_BODY_FILE names a file, the same bare Fastify sending that file's bytes as JSON at /body
// (the size of a response alone costs throughput: this is the ceiling for a call of that size).
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
const bodyFile = process.env.BENCH_BODY_FILE;
if (bodyFile) {
  const body = readFileSync(bodyFile, 'utf8');
  app.get('/body', async (_req, reply) => reply.type('application/json; charset=utf-8').send(body));
}
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
