import { describe, expect, it } from 'vitest';
import { RangeTableBuilder, rangeTableFrom } from './vpn-ranges.ts';

describe('VPN range table', () => {
  it('holds an IPv4 CIDR from its first to its last address, and nothing just outside', () => {
    const t = rangeTableFrom('10.1.2.0/24');
    expect(t.contains('10.1.2.0')).toBe(true);
    expect(t.contains('10.1.2.255')).toBe(true);
    expect(t.contains('10.1.1.255')).toBe(false);
    expect(t.contains('10.1.3.0')).toBe(false);
  });

  it('reads single addresses (/32), "a - b" ranges, ip:port entries and # comments', () => {
    const t = rangeTableFrom(
      ['# a VPN provider', '198.51.100.7  # one exit', '192.0.2.10 - 192.0.2.20', '203.0.113.9:8080', '', '  '].join(
        '\n',
      ),
    );
    expect(t.contains('198.51.100.7')).toBe(true);
    expect(t.contains('198.51.100.6')).toBe(false);
    expect(t.contains('198.51.100.8')).toBe(false);
    expect(t.contains('192.0.2.9')).toBe(false);
    expect(t.contains('192.0.2.10')).toBe(true);
    expect(t.contains('192.0.2.20')).toBe(true);
    expect(t.contains('192.0.2.21')).toBe(false);
    expect(t.contains('203.0.113.9')).toBe(true);
    expect(rangeTableFrom('198.51.100.7/32').contains('198.51.100.7')).toBe(true);
    expect(rangeTableFrom('198.51.100.7/32').size).toBe(1);
  });

  it('covers everything with /0, in its own family only', () => {
    const v4 = rangeTableFrom('0.0.0.0/0');
    expect(v4.contains('0.0.0.0')).toBe(true);
    expect(v4.contains('255.255.255.255')).toBe(true);
    expect(v4.contains('2001:db8::1')).toBe(false);
    const v6 = rangeTableFrom('::/0');
    expect(v6.contains('::')).toBe(true);
    expect(v6.contains('ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff')).toBe(true);
    expect(v6.contains('8.8.8.8')).toBe(false);
  });

  it('holds IPv6 CIDRs, /128 and ranges at their edges', () => {
    const t = rangeTableFrom('2001:db8:abcd::/48\n2001:db8::5/128\n2001:db8:1::10 - 2001:db8:1::1:0');
    expect(t.contains('2001:db8:abcd::')).toBe(true);
    expect(t.contains('2001:db8:abcd:ffff:ffff:ffff:ffff:ffff')).toBe(true);
    expect(t.contains('2001:db8:abcc:ffff:ffff:ffff:ffff:ffff')).toBe(false);
    expect(t.contains('2001:db8:abce::')).toBe(false);
    expect(t.contains('2001:db8::5')).toBe(true);
    expect(t.contains('2001:db8::4')).toBe(false);
    expect(t.contains('2001:db8::6')).toBe(false);
    expect(t.contains('2001:db8:1::f')).toBe(false);
    expect(t.contains('2001:db8:1::10')).toBe(true);
    expect(t.contains('2001:db8:1::ffff')).toBe(true);
    expect(t.contains('2001:db8:1::1:0')).toBe(true);
    expect(t.contains('2001:db8:1::1:1')).toBe(false);
  });

  it('treats IPv4-mapped IPv6 addresses as IPv4, in lookups and in lists', () => {
    const t = rangeTableFrom('10.0.0.0/8\n::ffff:172.16.0.0/108');
    expect(t.contains('::ffff:10.20.30.40')).toBe(true);
    expect(t.contains('::ffff:11.0.0.0')).toBe(false);
    // ::ffff:172.16.0.0/108 is 172.16.0.0/12
    expect(t.contains('172.31.255.255')).toBe(true);
    expect(t.contains('172.32.0.0')).toBe(false);
    expect(t.contains('::ffff:172.16.0.1')).toBe(true);
  });

  it('merges overlapping, nested and adjacent ranges into one', () => {
    const t = rangeTableFrom(
      '10.0.0.0/24\n10.0.0.128/25\n10.0.1.0 - 10.0.1.9\n10.0.0.200 - 10.0.1.3\n2001:db8::/64\n2001:db8::/120\n2001:db8:0:1::/64',
    );
    expect(t.size).toBe(2);
    expect(t.contains('10.0.1.9')).toBe(true);
    expect(t.contains('10.0.1.10')).toBe(false);
    expect(t.contains('2001:db8:0:1:ffff:ffff:ffff:ffff')).toBe(true);
    expect(t.contains('2001:db8:0:2::')).toBe(false);
  });

  it('finds every range among many, and nothing between them', () => {
    const lines: string[] = [];
    for (let i = 0; i < 2000; i++) lines.push(`10.${i >> 8}.${i & 255}.0/25`);
    const t = rangeTableFrom(lines.join('\n'));
    expect(t.size).toBe(2000);
    for (let i = 0; i < 2000; i += 37) {
      expect(t.contains(`10.${i >> 8}.${i & 255}.127`)).toBe(true);
      expect(t.contains(`10.${i >> 8}.${i & 255}.128`)).toBe(false);
    }
  });

  it('counts unreadable lines and skips them, and never matches a bad address', () => {
    const b = new RangeTableBuilder();
    b.addList('not-an-ip\n10.0.0.0/33\n300.1.1.1\n127.1\n10.0.0.9 - 10.0.0.1\n2001:db8::/129\n1.2.3.4 - ::1\n8.8.8.8');
    expect(b.invalid).toBe(7);
    const t = b.build();
    expect(t.size).toBe(1);
    expect(t.contains('8.8.8.8')).toBe(true);
    expect(t.contains('garbage')).toBe(false);
    expect(t.contains('')).toBe(false);
  });

  it('an empty table holds nothing', () => {
    const t = rangeTableFrom('');
    expect(t.size).toBe(0);
    expect(t.contains('1.1.1.1')).toBe(false);
    expect(t.contains('::1')).toBe(false);
  });
});
