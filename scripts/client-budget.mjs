// The client budgets (issue #15): loads /auth/login signed out and /dashboard as a fresh member in
// Chromium with an empty cache, sums the gzip size of the JavaScript and CSS, counts the requests
// and compares them with scripts/client-budgets.json. Exits 1 when a page is over budget.
//   node scripts/client-budget.mjs [base URL] [--details]
// Without a base URL it starts the built server (it builds nothing) on a temp data directory.
// CI runs the same check as a browser test: e2e/client-budget.test.ts.
import { clientBudgetReport } from './client-budget-lib.mjs';
import { startBuiltServer } from './client-budget-server.mjs';

const args = process.argv.slice(2);
const details = args.includes('--details');
const given = args.find((a) => !a.startsWith('--'));
const server = given ? null : await startBuiltServer();
const base = given ?? server.base;
try {
  const { text, problems } = await clientBudgetReport(base, { details });
  console.log(`Client budgets at ${base} (cold cache, gzip -9 of each body; KB = 1000 bytes)\n`);
  console.log(text);
  for (const p of problems) console.log(`OVER BUDGET: ${p}`);
  process.exitCode = problems.length ? 1 : 0;
} finally {
  await server?.stop();
}
