import { describe, expect, it } from 'vitest';
import en from './en/en.json';
import { adminSections, extraSections, memberSections, messageParts, partOf } from './parts.ts';

describe('the parts of the messages', () => {
  it('name only sections the messages have, each in one part; every other section is core', () => {
    const sections = Object.keys(en);
    const listed = [...memberSections, ...adminSections, ...extraSections];
    for (const section of listed) expect(sections).toContain(section);
    expect(new Set(listed).size).toBe(listed.length);
    const parts = new Set(sections.map(partOf));
    expect([...parts].sort()).toEqual([...messageParts].sort());
    // The sign-in pages and the shell need these before any layout loads its part.
    for (const section of ['common', 'auth', 'errors', 'validation', 'session', 'nav', 'errorPage'])
      expect(partOf(section)).toBe('core');
  });
});
