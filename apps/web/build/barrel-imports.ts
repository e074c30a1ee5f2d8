// Named imports from two "barrel" packages rewritten at build time to the files that define them:
//   import { KeyRound } from 'lucide-react'         → import KeyRound from 'lucide-react/icons/key-round'
//   import { hasPermission } from '@hostdeck/contracts' → import { hasPermission } from '…/contracts/src/access-checks.ts'
// lucide's index names ~1,700 icons and the contracts' index re-exports every schema file (and zod).
// build/chunks.ts follows the import graph to decide what a page's chunk holds; through a barrel it
// would take all of it. The same rewrite bundlers offer for large barrels (Next's
// optimizePackageImports, rolldown's transform-imports plugin), here for the two the client uses.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

interface Target {
  /** The module to import from instead. */
  from: string;
  /** Its export, or 'default'. */
  name: string;
}

const require = createRequire(import.meta.url);

/** lucide-react: every icon name (and alias) → its icon file's default export. */
function lucideTargets(): Map<string, Target> {
  const index = readFileSync(
    join(dirname(require.resolve('lucide-react/package.json')), 'dist/esm/lucide-react.mjs'),
    'utf8',
  );
  const targets = new Map<string, Target>();
  for (const [, names, file] of index.matchAll(/export \{([^}]*)\} from '\.\/icons\/([\w-]+)\.mjs';/g)) {
    for (const [, name] of (names ?? '').matchAll(/default as (\w+)/g))
      targets.set(name as string, { from: `lucide-react/icons/${file}`, name: 'default' });
  }
  return targets;
}

/**
 * @hostdeck/contracts: each value its index re-exports → the file declaring it (`export const|function`,
 * following `export { … } from` once). Names declared in the index itself stay on the index.
 */
function contractTargets(): Map<string, Target> {
  const index = require.resolve('@hostdeck/contracts');
  const dir = dirname(index);
  const targets = new Map<string, Target>();
  const declared = (file: string) => {
    const text = readFileSync(file, 'utf8');
    for (const [, name] of text.matchAll(/^export (?:const|function|class|let|enum) (\w+)/gm))
      targets.set(name as string, { from: file, name: name as string });
    for (const [, names, rel] of text.matchAll(/^export \{([^}]*)\} from '(\.[^']+)';/gm)) {
      for (const name of (names ?? '')
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean))
        targets.set(name, { from: join(dirname(file), rel as string), name });
    }
  };
  for (const [, rel] of readFileSync(index, 'utf8').matchAll(/^export \* from '(\.[^']+)';/gm))
    declared(join(dir, rel as string));
  if (!readdirSync(dir).length) throw new Error(`no contracts in ${dir}`);
  return targets;
}

const BARRELS: Record<string, () => Map<string, Target>> = {
  'lucide-react': lucideTargets,
  '@hostdeck/contracts': contractTargets,
};

export function barrelImports(): Plugin {
  const targets = new Map<string, Map<string, Target>>();
  const pattern = new RegExp(
    `import\\s*\\{([^}]*)\\}\\s*from\\s*["'](${Object.keys(BARRELS).join('|').replace(/[/.]/g, '\\$&')})["'];?`,
    'g',
  );
  return {
    name: 'hostdeck:barrel-imports',
    apply: 'build',
    // After TypeScript is stripped: type-only imports are gone by then.
    enforce: 'post',
    buildStart() {
      for (const [barrel, read] of Object.entries(BARRELS)) targets.set(barrel, read());
    },
    transform(code, id) {
      if (id.includes('node_modules') || id.includes('/packages/contracts/')) return null;
      let changed = false;
      const out = code.replace(pattern, (whole, list: string, barrel: string) => {
        const map = targets.get(barrel) as Map<string, Target>;
        const kept: string[] = [];
        const direct: string[] = [];
        for (const spec of list
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)) {
          const [name, local = name] = spec.split(/\s+as\s+/) as [string, string?];
          const target = map.get(name);
          if (!target) kept.push(spec);
          else if (target.name === 'default') direct.push(`import ${local} from ${JSON.stringify(target.from)};`);
          else direct.push(`import { ${target.name} as ${local} } from ${JSON.stringify(target.from)};`);
        }
        if (direct.length === 0) return whole;
        changed = true;
        if (kept.length) direct.push(`import { ${kept.join(', ')} } from '${barrel}';`);
        return direct.join('\n');
      });
      return changed ? { code: out, map: null } : null;
    },
  };
}
