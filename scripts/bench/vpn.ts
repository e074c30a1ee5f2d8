// Anti-VPN range table benchmark (run by `npm run bench`, or alone: node --import tsx scripts/bench/vpn.ts):
// loads 500,000 ranges (mixed IPv4 CIDRs, IPv4 "a - b" ranges, IPv6 CIDRs and single addresses, in
// list-file text, as the worker does), then times lookups of random addresses (about half inside a
// range). Goal: under 5 µs per lookup, load under 2 s. Prints figures; asserts nothing.
import { RangeTableBuilder } from '../../apps/api/src/modules/abuse/vpn-ranges.ts';

const RANGES = Number(process.env.BENCH_VPN_RANGES ?? 500_000);
const LOOKUPS = Number(process.env.BENCH_VPN_LOOKUPS ?? 1_000_000);

// A small deterministic generator, so runs are comparable.
let seed = 0x2545f491;
const rand = () => {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) / 0x1_0000_0000;
};
const byte = () => Math.floor(rand() * 256);
const hex = () => Math.floor(rand() * 0x1_0000).toString(16);
const v4 = () => `${byte()}.${byte()}.${byte()}.${byte()}`;
const v6 = () =>
  `2${Math.floor(rand() * 0x1000)
    .toString(16)
    .padStart(3, '0')}:${hex()}:${hex()}:${hex()}::${hex()}`;

/** Listed single addresses: lookups that hit. */
const listed: string[] = [];

function listText(): string {
  const lines: string[] = ['# generated benchmark list'];
  for (let i = 0; i < RANGES; i++) {
    const kind = i % 4;
    if (kind === 0) lines.push(`${v4()}/${24 + Math.floor(rand() * 9)}`);
    else if (kind === 1) {
      const [a, b, c] = [byte(), byte(), byte()];
      lines.push(`${a}.${b}.${c}.10 - ${a}.${b}.${c}.${10 + Math.floor(rand() * 200)}`);
    } else if (kind === 2) lines.push(`${v6()}/${48 + Math.floor(rand() * 81)}`);
    else {
      const ip = rand() < 0.5 ? v4() : v6();
      lines.push(ip);
      if (listed.length < 5_000) listed.push(ip);
    }
  }
  return lines.join('\n');
}

const text = listText();
const started = performance.now();
const builder = new RangeTableBuilder();
builder.addList(text);
const table = builder.build();
const loadMs = performance.now() - started;

const probes: string[] = [];
// Half the probes are listed addresses, half random IPv4 and IPv6 addresses.
for (let i = 0; i < 10_000; i++)
  probes.push(i % 2 === 0 ? listed[(i / 2) % listed.length]! : i % 4 === 1 ? v4() : v6());
// Warm up, then measure.
for (const p of probes) table.contains(p);
let hits = 0;
const t0 = performance.now();
for (let i = 0; i < LOOKUPS; i++) if (table.contains(probes[i % probes.length]!)) hits++;
const perLookupUs = ((performance.now() - t0) * 1000) / LOOKUPS;

const fmt = (n: number, digits = 2) => n.toFixed(digits);
console.log('\nAnti-VPN range table');
console.log(
  `  ranges listed                 ${RANGES.toLocaleString('en')} (${table.size.toLocaleString('en')} after merging)`,
);
console.log(`  load (parse, sort, merge)     ${fmt(loadMs / 1000)} s     goal: under 2 s`);
console.log(`  lookup (parse + search)       ${fmt(perLookupUs)} µs    goal: under 5 µs per lookup`);
console.log(
  `  lookups measured              ${LOOKUPS.toLocaleString('en')} (${hits.toLocaleString('en')} inside a range)`,
);
