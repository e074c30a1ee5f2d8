import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { compiles, responseSerializerCompiler } from './serializer.ts';

const Schema = z.object({ id: z.string(), coins: z.number().int(), note: z.string().nullable().optional() });
const serializer = (check: boolean) =>
  responseSerializerCompiler({ check })({ schema: Schema, method: 'GET', url: '/x', httpStatus: '200' });

describe('response serializers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.ready();
  });
  afterAll(() => t.close());

  it('compile for every response of every route (none falls back to zod)', () => {
    const failing: string[] = [];
    let schemas = 0;
    for (const route of t.app.routeTable) {
      for (const [status, schema] of Object.entries(route.responses ?? {})) {
        schemas++;
        if (!compiles(schema)) failing.push(`${route.method} ${route.url} ${status}`);
      }
    }
    expect(schemas).toBeGreaterThan(500);
    expect(failing).toEqual([]);
  });

  it('write only the fields the schema names', () => {
    const out = JSON.parse(serializer(false)({ id: 'a', coins: 5, password_hash: '$argon2id$…', note: null }));
    expect(out).toEqual({ id: 'a', coins: 5, note: null });
  });

  it('write a union member that carries extra fields, without them (as zod does)', () => {
    const Union = z.object({ item: z.object({ id: z.string() }).nullable() });
    const write = responseSerializerCompiler({ check: true })({
      schema: Union,
      method: 'GET',
      url: '/u',
      httpStatus: '200',
    });
    expect(write({ item: { id: 'a', secret: 's' } })).toBe('{"item":{"id":"a"}}');
    expect(write({ item: null })).toBe('{"item":null}');
  });

  it('refuse a value of the wrong type when checking (development and tests)', () => {
    expect(() => serializer(true)({ id: 'a', coins: 'five' })).toThrow();
    expect(() => serializer(true)({ coins: 5 })).toThrow();
    expect(serializer(true)({ id: 'a', coins: 5 })).toBe('{"id":"a","coins":5}');
  });
});
