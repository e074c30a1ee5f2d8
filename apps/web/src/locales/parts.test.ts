import { describe, expect, it } from 'vitest';
import en from './en/en.json';
import { adminSections, memberSections, messageParts, partOf } from './parts.ts';

describe('the parts of the messages', () => {
  it('name only sections the messages have, each in one part; every other section is core', () => {
    const sections = Object.keys(en);
    for (const section of [...memberSections, ...adminSections]) expect(sections).toContain(section);
    expect(memberSections.filter((s) => adminSections.includes(s))).toEqual([]);
    const parts = new Set(sections.map(partOf));
    expect([...parts].sort()).toEqual([...messageParts].sort());
    // The sign-in pages and the shell need these before any layout loads its part.
    for (const section of ['common', 'auth', 'errors', 'validation', 'session', 'nav', 'errorPage'])
      expect(partOf(section)).toBe('core');
  });
});
