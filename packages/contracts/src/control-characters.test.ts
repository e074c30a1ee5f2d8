import { describe, expect, it } from 'vitest';
import { findControlCharacter, hasControlCharacter } from './control-characters.ts';

describe('control characters', () => {
  it('refuses NUL and other C0 controls, allows tab everywhere and line breaks only in multi-line text', () => {
    expect(hasControlCharacter('a\u0000b')).toBe(true);
    expect(hasControlCharacter('a\u001bb')).toBe(true);
    expect(hasControlCharacter('a\u000bb')).toBe(true);
    expect(hasControlCharacter('tab\there\r\nline')).toBe(false);
    expect(hasControlCharacter('line\nbreak', { multiLine: false })).toBe(true);
    expect(hasControlCharacter('tab\tonly', { multiLine: false })).toBe(false);
    expect(hasControlCharacter('ünïcødé – ok \u007f\u00a0')).toBe(false);
  });

  it('names the first offending value or key by its dotted path', () => {
    expect(findControlCharacter({ login: 'a\u0000b', password: 'x' })).toBe('login');
    expect(findControlCharacter({ limits: { memory: 1 }, tags: ['ok', 'b\u0001ad'] })).toBe('tags.1');
    expect(findControlCharacter({ values: { 'a\u0000': 1 } })).toBe('values.a\\u0000');
    expect(findControlCharacter('\u0000')).toBe('_form');
    expect(findControlCharacter({ a: 'fine\n', n: 3, b: null, c: true })).toBeNull();
    expect(findControlCharacter({ search: 'a\nb' }, { multiLine: false })).toBe('search');
  });

  it('walks deep nesting without recursion and ignores bytes', () => {
    let deep: unknown = ['\u0000'];
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findControlCharacter(deep)).toMatch(/^(0\.){100000}0$/);
    expect(findControlCharacter({ file: Buffer.from([0, 1, 2]) })).toBeNull();
    // Query parsers hand over objects with a prototype of their own.
    function Empty() {}
    Empty.prototype = Object.create(null);
    const query = Object.assign(new (Empty as unknown as new () => object)(), { search: '\u0000' });
    expect(findControlCharacter(query)).toBe('search');
  });
});
