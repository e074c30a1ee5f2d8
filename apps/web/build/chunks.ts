// How the client's code is cut into files (issue #15: the login page in few requests). Left alone,
// the bundler gives every module shared by two lazy pages its own file: the login page fetched 35
// scripts, the dashboard 65, most under 1 KB, and on a phone each costs a round trip. Instead:
//   boot   — everything main.tsx imports statically (React, the router, i18next, the app shell), and
//            what the login page and the member pages both use (buttons, fields, the API client);
//   login  — what the login page imports beyond boot (its form, the SSO and passkey buttons);
//   member — what the member shell, the dashboard and the member pages' route table import beyond
//            boot and login.
// Any other page keeps its own chunk and shares these; a language, zod, charts, the skin viewer and
// the admin area stay in chunks of their own, loaded only where used.
import { fileURLToPath } from 'node:url';
import type { Rolldown } from 'vite';

type Group = NonNullable<Exclude<Rolldown.OutputOptions['codeSplitting'], boolean | undefined>['groups']>[number];
type Context = Parameters<Extract<Group['name'], (...args: never[]) => unknown>>[1];

const src = (path: string) => fileURLToPath(new URL(`../src/${path}`, import.meta.url));

/**
 * Not taken: zod, and any contract file that needs it (directly or through another). A page that
 * validates or parses loads them in chunks of their own. The contracts' index only re-exports, besides a
 * few constants of its own: its re-exports are not followed (build/barrel-imports.ts points each import
 * at the file that defines the name).
 */
const ZOD = /[\\/]node_modules[\\/]zod[\\/]/;
const CONTRACTS = /[\\/]packages[\\/]contracts[\\/]src[\\/]/;
const CONTRACTS_INDEX = /[\\/]packages[\\/]contracts[\\/]src[\\/]index\.ts$/;

function imports(ctx: Context, id: string): string[] {
  return CONTRACTS_INDEX.test(id) ? [] : (ctx.getModuleInfo(id)?.importedIds ?? []);
}

/** Whether a contract file reaches zod (memoised per build). */
function needsZod(ctx: Context, id: string, memo: Map<string, boolean>): boolean {
  if (ZOD.test(id)) return true;
  if (!CONTRACTS.test(id)) return false;
  const known = memo.get(id);
  if (known !== undefined) return known;
  memo.set(id, false);
  const result = imports(ctx, id).some((dep) => needsZod(ctx, dep, memo));
  memo.set(id, result);
  return result;
}

/** The modules `roots` import statically, directly or not (dynamic imports start other chunks). */
function staticClosure(ctx: Context, roots: string[]): Set<string> {
  const memo = new Map<string, boolean>();
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const id = stack.pop() as string;
    if (seen.has(id) || needsZod(ctx, id, memo)) continue;
    seen.add(id);
    stack.push(...imports(ctx, id));
  }
  return seen;
}

type Pick = (ctx: Context) => Set<string>;

/** A chunk of the modules `pick` names that a higher-priority group has not taken. */
function group(name: string, priority: number, pick: Pick): Group {
  // Worked out once per chunking pass (the bundler hands every call of a pass the same context).
  const members = new WeakMap<Context, Set<string>>();
  return {
    name: (id, ctx) => {
      let set = members.get(ctx);
      if (!set) {
        set = pick(ctx);
        members.set(ctx, set);
      }
      return set.has(id) ? name : null;
    },
    priority,
    // The pick already holds what its modules import; zod and its schemas stay out on purpose.
    includeDependenciesRecursively: false,
  };
}

const closure =
  (...roots: string[]): Pick =>
  (ctx) =>
    staticClosure(ctx, roots);
const main = closure(src('main.tsx'));
const login = closure(src('features/auth/login-page.tsx'));
const member = closure(
  src('app/layouts/shell-layout.tsx'),
  src('features/dashboard/dashboard-page.tsx'),
  src('app/member-route-table.tsx'),
);

export const chunkGroups: Group[] = [
  // What both the login page and the member pages use goes with start-up: a member's first page
  // does not fetch the login chunk for a button.
  group('boot', 3, (ctx) => {
    const forMembers = member(ctx);
    return new Set([...main(ctx), ...[...login(ctx)].filter((id) => forMembers.has(id))]);
  }),
  group('login', 2, login),
  group('member', 1, member),
];
