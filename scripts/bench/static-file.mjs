// The baseline of the raw image measurement: a bare Fastify serving one file from disk with
// @fastify/static (the plugin the panel serves its own assets with), measured in the same run.
import { basename, dirname } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';

const file = process.env.BENCH_STATIC_FILE;
const app = Fastify({ logger: false });
await app.register(fastifyStatic, { root: dirname(file), prefix: '/', maxAge: '365d', immutable: true });
app.get('/file', (_req, reply) => reply.sendFile(basename(file)));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
