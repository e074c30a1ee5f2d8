import { parseIp } from './vpn-ip-parse.ts';

/**
 * The anti-VPN range table: every listed address, CIDR or "a - b" range, IPv4 and IPv6 apart, sorted
 * and merged, looked up by binary search (O(log n)). IPv4 bounds are uint32s; IPv6 bounds are four
 * uint32 words, compared word by word, so a lookup allocates nothing. An IPv4-mapped IPv6 address
 * (::ffff:a.b.c.d) is an IPv4 address here, in lists and in lookups. Pure: no I/O (vpn-lists.ts reads).
 */

const WORD = 0x1_0000_0000;

/** -1, 0 or 1: the four words of a at ai against those of b at bi. */
function compare6(a: ArrayLike<number>, ai: number, b: ArrayLike<number>, bi: number): number {
  for (let w = 0; w < 4; w++) {
    const x = a[ai + w]!;
    const y = b[bi + w]!;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** Whether the IPv6 range starting at s[si] begins at most one address after the end e[ei] (so they join). */
function touches6(e: ArrayLike<number>, ei: number, s: ArrayLike<number>, si: number): boolean {
  if (compare6(s, si, e, ei) <= 0) return true;
  // s === e + 1: add one to e with carry, then compare.
  let carry = 1;
  for (let w = 3; w >= 0; w--) {
    const v = e[ei + w]! + carry;
    const word = v === WORD ? 0 : v;
    carry = v === WORD ? 1 : 0;
    if (word !== s[si + w]) return false;
  }
  return carry === 0;
}

const INDEX_BITS = 2 ** 21;

/**
 * Range indexes 0..n-1 sorted by a uint32 major key, ties broken by `tie`. Packing key and index
 * into one float (key * 2^21 + index, exact below 2^53) lets the typed array's native numeric sort do
 * the bulk of the work: about five times faster than a comparator over 500,000 ranges.
 */
function sortIndexes(n: number, key: (i: number) => number, tie: (x: number, y: number) => number): number[] {
  if (n >= INDEX_BITS) return Array.from({ length: n }, (_, i) => i).sort((x, y) => key(x) - key(y) || tie(x, y));
  const packed = new Float64Array(n);
  for (let i = 0; i < n; i++) packed[i] = key(i) * INDEX_BITS + i;
  packed.sort();
  const order = Array.from(packed, (v) => v % INDEX_BITS);
  // Runs of equal keys are put in order by the tie-breaker.
  for (let from = 0; from < n; ) {
    let to = from + 1;
    const k = key(order[from]!);
    while (to < n && key(order[to]!) === k) to++;
    if (to - from > 1) {
      const run = order.slice(from, to).sort(tie);
      for (let j = 0; j < run.length; j++) order[from + j] = run[j]!;
    }
    from = to;
  }
  return order;
}

/** Collects ranges from list lines, then builds the table once. */
export class RangeTableBuilder {
  private readonly v4: number[] = []; // start, end, start, end...
  private readonly v6: number[] = []; // 4 start words, 4 end words, ...
  private readonly a = new Uint32Array(4);
  private readonly b = new Uint32Array(4);
  /** Lines that were neither empty nor a comment nor a valid entry. */
  invalid = 0;

  /** One list line: an address, a CIDR, "a - b", optionally "ipv4:port", with a # comment. False if unreadable. */
  addLine(line: string): boolean {
    const hash = line.indexOf('#');
    const text = (hash === -1 ? line : line.slice(0, hash)).trim();
    if (text === '') return true;
    if (this.addEntry(text)) return true;
    this.invalid += 1;
    return false;
  }

  /** Every line of a list file. */
  addList(text: string): void {
    let start = 0;
    while (start <= text.length) {
      let end = text.indexOf('\n', start);
      if (end === -1) end = text.length;
      this.addLine(text.slice(start, end));
      start = end + 1;
    }
  }

  private addEntry(text: string): boolean {
    const { a, b } = this;
    const dash = text.indexOf('-');
    if (dash !== -1) {
      const ka = parseIp(text.slice(0, dash).trim(), a);
      const kb = parseIp(text.slice(dash + 1).trim(), b);
      if (ka === 0 || ka !== kb) return false;
      if (ka === 4) return this.push4(a[0]!, b[0]!);
      if (compare6(a, 0, b, 0) > 0) return false;
      this.v6.push(a[0]!, a[1]!, a[2]!, a[3]!, b[0]!, b[1]!, b[2]!, b[3]!);
      return true;
    }
    const slash = text.indexOf('/');
    if (slash === -1) {
      // Proxy lists often write "1.2.3.4:8080".
      const colon = text.indexOf(':');
      const host = colon !== -1 && text.indexOf('.') !== -1 && /^[\d.]+:\d+$/.test(text) ? text.slice(0, colon) : text;
      const kind = parseIp(host, a);
      if (kind === 4) return this.push4(a[0]!, a[0]!);
      if (kind === 6) this.v6.push(a[0]!, a[1]!, a[2]!, a[3]!, a[0]!, a[1]!, a[2]!, a[3]!);
      return kind === 6;
    }
    const prefixText = text.slice(slash + 1);
    if (!/^\d{1,3}$/.test(prefixText)) return false;
    let prefix = Number(prefixText);
    const raw = text.slice(0, slash);
    const kind = parseIp(raw, a);
    if (kind === 0) return false;
    if (kind === 4 && raw.includes(':')) {
      // ::ffff:a.b.c.d/120 is the IPv4 network a.b.c.d/24; a shorter prefix stays IPv6.
      if (prefix >= 96) prefix -= 96;
      else return this.pushCidr6([0, 0, 0xffff, a[0]!], prefix);
    }
    if (kind === 4) {
      if (prefix > 32) return false;
      const size = 2 ** (32 - prefix);
      const start = Math.floor(a[0]! / size) * size;
      return this.push4(start, start + size - 1);
    }
    return this.pushCidr6([a[0]!, a[1]!, a[2]!, a[3]!], prefix);
  }

  private pushCidr6(words: number[], prefix: number): boolean {
    if (prefix > 128) return false;
    const at = this.v6.length;
    for (let w = 0; w < 4; w++) {
      const bits = Math.min(32, Math.max(0, prefix - 32 * w)); // network bits in this word
      const host = 2 ** (32 - bits);
      const s = Math.floor(words[w]! / host) * host;
      this.v6[at + w] = s;
      this.v6[at + 4 + w] = s + host - 1;
    }
    return true;
  }

  private push4(start: number, end: number): boolean {
    if (start > end) return false;
    this.v4.push(start, end);
    return true;
  }

  build(): RangeTable {
    // IPv4: sort range indexes by start, then join overlapping or adjacent ranges.
    const r4 = this.v4;
    const order4 = sortIndexes(
      r4.length / 2,
      (i) => r4[2 * i]!,
      () => 0,
    );
    const s4: number[] = [];
    const e4: number[] = [];
    for (const i of order4) {
      const s = r4[2 * i]!;
      const e = r4[2 * i + 1]!;
      const last = e4.length - 1;
      if (last >= 0 && e4[last]! + 1 >= s) {
        if (e > e4[last]!) e4[last] = e;
      } else {
        s4.push(s);
        e4.push(e);
      }
    }
    // IPv6: the same on four-word bounds.
    const r6 = this.v6;
    const order6 = sortIndexes(
      r6.length / 8,
      (i) => r6[8 * i]!,
      (x, y) => compare6(r6, 8 * x, r6, 8 * y),
    );
    const s6: number[] = [];
    const e6: number[] = [];
    for (const i of order6) {
      const last = e6.length - 4;
      if (last >= 0 && touches6(e6, last, r6, 8 * i)) {
        if (compare6(r6, 8 * i + 4, e6, last) > 0) for (let w = 0; w < 4; w++) e6[last + w] = r6[8 * i + 4 + w]!;
      } else {
        for (let w = 0; w < 4; w++) s6.push(r6[8 * i + w]!);
        for (let w = 0; w < 4; w++) e6.push(r6[8 * i + 4 + w]!);
      }
    }
    return new RangeTable(Uint32Array.from(s4), Uint32Array.from(e4), Uint32Array.from(s6), Uint32Array.from(e6));
  }
}

export class RangeTable {
  private readonly probe = new Uint32Array(4);

  constructor(
    private readonly v4Starts: Uint32Array,
    private readonly v4Ends: Uint32Array,
    private readonly v6Starts: Uint32Array,
    private readonly v6Ends: Uint32Array,
  ) {}

  static empty(): RangeTable {
    return new RangeTableBuilder().build();
  }

  /** Merged ranges held (IPv4 plus IPv6). */
  get size(): number {
    return this.v4Starts.length + this.v6Starts.length / 4;
  }

  /** Whether the address is in a listed range; an unreadable address is not. */
  contains(ip: string): boolean {
    const kind = parseIp(ip, this.probe);
    if (kind === 4) return this.contains4(this.probe[0]!);
    return kind === 6 && this.contains6(this.probe);
  }

  private contains4(x: number): boolean {
    // The last range starting at or before x, then whether it reaches x.
    const starts = this.v4Starts;
    let lo = 0;
    let hi = starts.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      if (starts[mid]! <= x) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found !== -1 && x <= this.v4Ends[found]!;
  }

  private contains6(x: Uint32Array): boolean {
    let lo = 0;
    let hi = this.v6Starts.length / 4 - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      if (compare6(x, 0, this.v6Starts, mid * 4) >= 0) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found !== -1 && compare6(x, 0, this.v6Ends, found * 4) <= 0;
  }
}

/** A table from list texts (tests and the benchmark). */
export function rangeTableFrom(...lists: string[]): RangeTable {
  const builder = new RangeTableBuilder();
  for (const l of lists) builder.addList(l);
  return builder.build();
}
