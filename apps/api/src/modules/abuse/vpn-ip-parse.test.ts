import ipaddr from 'ipaddr.js';
import { describe, expect, it } from 'vitest';
import { parseIp } from './vpn-ip-parse.ts';

/** What ipaddr.js makes of the text, in parseIp's shape (strict dotted quads, mapped IPv6 as IPv4). */
function reference(text: string): [0 | 4 | 6, number[]] {
  if (!text.includes(':')) {
    if (!ipaddr.IPv4.isValidFourPartDecimal(text)) return [0, []];
    const [a, b, c, d] = ipaddr.IPv4.parse(text).octets as [number, number, number, number];
    return [4, [((a << 24) >>> 0) + (b << 16) + (c << 8) + d]];
  }
  if (!ipaddr.IPv6.isValid(text) || text.includes('%')) return [0, []];
  const v6 = ipaddr.IPv6.parse(text);
  if (v6.isIPv4MappedAddress()) return reference(v6.toIPv4Address().toString());
  const p = v6.parts;
  return [6, [0, 1, 2, 3].map((w) => p[2 * w]! * 0x1_0000 + p[2 * w + 1]!)];
}

function parsed(text: string): [0 | 4 | 6, number[]] {
  const out = new Uint32Array(4);
  const kind = parseIp(text, out);
  return [kind, kind === 0 ? [] : kind === 4 ? [out[0]!] : [...out]];
}

let seed = 7;
const rand = (n: number) => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed % n;
};

function randomV6(): string {
  const groups = Array.from({ length: 8 }, () => (rand(3) === 0 ? '0' : rand(0x1_0000).toString(16)));
  if (rand(4) === 0) groups.splice(6, 2, `${rand(256)}.${rand(256)}.${rand(256)}.${rand(256)}`);
  let text = groups.join(':');
  if (rand(2) === 0) text = text.replace(/(^|:)0(:0)+(:|$)/, '::');
  return rand(5) === 0 ? text.toUpperCase() : text;
}

describe('the fast IP parser', () => {
  it('agrees with ipaddr.js on random IPv4 and IPv6 addresses', () => {
    for (let i = 0; i < 5000; i++) {
      const text = i % 2 === 0 ? `${rand(256)}.${rand(256)}.${rand(256)}.${rand(256)}` : randomV6();
      expect(parsed(text), text).toEqual(reference(text));
    }
  });

  it('agrees with ipaddr.js on edge and malformed inputs', () => {
    const cases = [
      '0.0.0.0',
      '255.255.255.255',
      '256.1.1.1',
      '1.2.3',
      '1.2.3.4.5',
      '01.2.3.4',
      '1..2.3',
      '127.1',
      '0x7f.0.0.1',
      ' 1.2.3.4',
      '',
      '::',
      '::1',
      '1::',
      ':::',
      '1:2:3:4:5:6:7:8',
      '1:2:3:4:5:6:7:8:9',
      '1:2:3:4:5:6:7::8',
      '1::2::3',
      ':1:2:3:4:5:6:7',
      '1:2:3:4:5:6:7:',
      '12345::',
      'g::1',
      '::ffff:1.2.3.4',
      '::FFFF:10.0.0.1',
      '::ffff:0a00:0001',
      '64:ff9b::1.2.3.4',
      '1:2:3:4:5:6:1.2.3.4',
      '1:2:3:4:5:6:7:1.2.3.4',
      '::ffff:1.2.3',
      'fe80::1%eth0',
      '2001:db8::',
      'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
    ];
    for (const text of cases) expect(parsed(text), text).toEqual(reference(text));
  });

  it('reads "::a.b.c.d" as RFC 4291 says (IPv4-compatible, not mapped), unlike ipaddr.js', () => {
    expect(parsed('::1.2.3.4')).toEqual([6, [0, 0, 0, 0x0102_0304]]);
  });
});
