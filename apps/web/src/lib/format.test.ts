import { describe, expect, it } from 'vitest';
import { formatters } from './format.ts';

describe('formatters', () => {
  it("give the megabyte's sign in the member's language, as the wizard's figures show it", () => {
    expect(formatters('en').megabyteSign()).toBe('MB');
    expect(formatters('fr').megabyteSign()).toBe('Mo');
    expect(formatters('fr').megabytes(1024)).toContain('Mo');
  });
});
