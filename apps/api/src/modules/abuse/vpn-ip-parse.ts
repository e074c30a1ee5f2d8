/**
 * A fast, strict IP parser for the anti-VPN hot path (docs/decisions: anti-VPN range table).
 * ipaddr.js takes 3 to 8 µs per address here, more than the whole lookup budget (5 µs), so
 * addresses are parsed by hand into numbers: IPv4 as one uint32, IPv6 as four uint32 words.
 * Accepts dotted-quad IPv4 (no "127.1", hex or octal forms) and RFC 4291 IPv6 text (with "::" and an
 * IPv4 tail); refuses zone ids. An IPv4-mapped IPv6 address (::ffff:a.b.c.d) comes out as IPv4.
 * Unit tests check it against ipaddr.js on many random addresses.
 */

/** Parses text[from..to) as a dotted quad; -1 if it is not one. */
function parseV4(text: string, from: number, to: number): number {
  let value = 0;
  let octet = -1;
  let digits = 0;
  let dots = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      // No leading zeros: "010" is octal to some parsers and decimal to others.
      if (digits === 3 || (digits > 0 && octet === 0)) return -1;
      octet = octet === -1 ? c - 48 : octet * 10 + (c - 48);
      if (octet > 255) return -1;
      digits += 1;
    } else if (c === 46) {
      if (digits === 0 || dots === 3) return -1;
      value = value * 256 + octet;
      octet = -1;
      digits = 0;
      dots += 1;
    } else return -1;
  }
  if (dots !== 3 || digits === 0) return -1;
  return value * 256 + octet;
}

const groups = new Uint16Array(8);

/**
 * Reads the ':'-separated hex groups of text[from..to) into `groups` at `at`; the last one may be an
 * IPv4 tail (two groups) when `v4Tail`. Returns how many groups, or -1.
 */
function readGroups(text: string, from: number, to: number, at: number, v4Tail: boolean): number {
  if (from === to) return 0;
  let count = 0;
  let start = from;
  for (let i = from; i <= to; i++) {
    if (i < to && text.charCodeAt(i) !== 58) continue;
    // One group: text[start..i)
    if (i === start) return -1;
    if (i === to && v4Tail && text.indexOf('.', start) !== -1 && text.indexOf('.', start) < to) {
      const v4 = parseV4(text, start, to);
      if (v4 === -1 || at + count + 2 > 8) return -1;
      groups[at + count++] = v4 >>> 16;
      groups[at + count++] = v4 & 0xffff;
      return count;
    }
    if (i - start > 4 || at + count >= 8) return -1;
    let g = 0;
    for (let j = start; j < i; j++) {
      const c = text.charCodeAt(j);
      const d = c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : c >= 65 && c <= 70 ? c - 55 : -1;
      if (d === -1) return -1;
      g = g * 16 + d;
    }
    groups[at + count++] = g;
    start = i + 1;
  }
  return count;
}

function parseV6(text: string, out: Uint32Array): boolean {
  const n = text.length;
  if (n < 2 || n > 45) return false;
  const gap = text.indexOf('::');
  if (gap === -1) {
    if (readGroups(text, 0, n, 0, true) !== 8) return false;
  } else {
    if (text.indexOf('::', gap + 1) !== -1) return false;
    const head = readGroups(text, 0, gap, 0, false);
    if (head === -1) return false;
    // The tail is read after the head, then moved to the end; the gap between is zeros.
    const tail = readGroups(text, gap + 2, n, head, true);
    if (tail === -1 || head + tail > 7) return false;
    for (let i = tail - 1; i >= 0; i--) groups[8 - tail + i] = groups[head + i]!;
    groups.fill(0, head, 8 - tail);
  }
  for (let w = 0; w < 4; w++) out[w] = groups[2 * w]! * 0x1_0000 + groups[2 * w + 1]!;
  return true;
}

/**
 * Parses an address into `out`: returns 4 (out[0] holds the uint32), 6 (out[0..3] hold the words,
 * most significant first) or 0 when the text is not an address.
 */
export function parseIp(text: string, out: Uint32Array): 0 | 4 | 6 {
  if (text.indexOf(':') === -1) {
    const v4 = parseV4(text, 0, text.length);
    if (v4 === -1) return 0;
    out[0] = v4;
    return 4;
  }
  if (!parseV6(text, out)) return 0;
  if (out[0] === 0 && out[1] === 0 && out[2] === 0xffff) {
    out[0] = out[3]!;
    return 4;
  }
  return 6;
}
