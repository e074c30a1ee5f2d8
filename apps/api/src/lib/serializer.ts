import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializer } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serializer = (data: unknown) => string;
type RouteSchema = Parameters<typeof zodSerializer>[0];

/**
 * Responses are written by serializers compiled once per route from the route's zod schema
 * (converted to JSON Schema, then fast-json-stringify, Fastify's own serializer): parsing each
 * response with zod on the way out was a sixth of a request's CPU. Like zod, the compiled
 * serializer writes only the fields the schema names, so a field a handler returns by mistake
 * (a hash, a secret) still never leaves. What it does not do is refuse a value of the wrong type;
 * so with `check` (development and tests) zod checks each response first and a mismatch is a 500,
 * as before. A schema that cannot be compiled keeps zod's serializer.
 */
export function responseSerializerCompiler(options: { check: boolean }): FastifySerializerCompiler<unknown> {
  return (route) => {
    const zod = zodSerializer(route as RouteSchema) as Serializer;
    // Compiled at the route's first response: an app has some 1,500 response schemas and most
    // are rarely used, so compiling them all would add a second to every start (and every test app).
    let serializer: Serializer | undefined;
    return (data: unknown) => {
      serializer ??= choose(route.schema, zod, options.check);
      return serializer(data);
    };
  };
}

function choose(schema: unknown, zod: Serializer, check: boolean): Serializer {
  const compiled = compile(schema);
  if (!compiled) return zod;
  if (!check) return compiled;
  return (data: unknown) => {
    zod(data);
    return compiled(data);
  };
}

function compile(schema: unknown): Serializer | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  try {
    const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' });
    return fastJson(lenient(json) as Parameters<typeof fastJson>[0]) as Serializer;
  } catch {
    return undefined;
  }
}

/**
 * zod's JSON Schema marks its objects `additionalProperties: false`. The serializer writes only
 * the named fields either way, but inside a union it picks the branch by validating the value, and
 * there an extra field would fail every branch (zod strips it instead). So the mark goes.
 */
function lenient(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(lenient);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'additionalProperties' && value === false) continue;
    out[key] = lenient(value);
  }
  return out;
}

/** Whether a response schema compiles to a fast serializer (the test walks every route with it). */
export function compiles(schema: unknown): boolean {
  return compile(schema) !== undefined;
}
