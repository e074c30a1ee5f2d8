import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { docPath, renderSections, sdkPath, updateDoc } from '../scripts/plugin-docs.mjs';

// docs/plugins.md carries the hook list and the context generated from the SDK's types: a change to
// packages/plugin-sdk/index.d.ts must come with `node scripts/plugin-docs.mjs`.
describe('docs/plugins.md', () => {
  const dts = readFileSync(sdkPath, 'utf8');
  const doc = readFileSync(docPath, 'utf8');

  it('is up to date with packages/plugin-sdk/index.d.ts (run node scripts/plugin-docs.mjs)', () => {
    expect(updateDoc(doc, dts)).toBe(doc);
  });

  it('follows the types: a new event or context member shows up', () => {
    const changed = dts
      .replace(
        "'settings.changed': {",
        "/** Sent when a game is won. */\n  'game.won': { winner: PluginServer };\n  'settings.changed': {",
      )
      .replace('  signal: AbortSignal;', '  signal: AbortSignal;\n  /** The time, for tests. */\n  clock: () => Date;');
    const next = updateDoc(doc, changed);
    expect(next).not.toBe(doc);
    expect(next).toContain(
      '| `game.won` | `{ winner: { id: string; name: string; owner_id: string; status: string } }` | Sent when a game is won. |',
    );
    expect(next).toContain('| `clock` | `() => Date` | hooks, jobs, routes | The time, for tests. |');
  });

  it('lists every event of the SDK and every part of the context', () => {
    const { hooks, context } = renderSections(dts);
    for (const event of ['member.registered', 'coins.changed', 'settings.changed'])
      expect(hooks).toContain(`| \`${event}\` |`);
    expect(context).toMatch(/\| `coins` \| `PluginCoins` \| jobs, routes \|/);
    expect(context).toMatch(/\| `request` \| `PluginRequest` \| routes \|/);
  });
});
