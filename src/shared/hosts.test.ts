import { describe, expect, it } from 'vitest';
import { hostKind, parseIpv4, parseIpv6 } from './hosts';

describe('hostKind (no traffic: text only)', () => {
  it.each([
    ['127.0.0.1', 'loopback'], ['127.255.0.9', 'loopback'], ['localhost', 'loopback'], ['api.localhost', 'loopback'], ['[::1]', 'loopback'],
    ['10.0.0.1', 'private'], ['172.16.0.1', 'private'], ['172.31.255.255', 'private'], ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'], ['100.64.0.1', 'shared'], ['100.127.255.255', 'shared'],
    ['0.0.0.0', 'unspecified'], ['0.1.2.3', 'unspecified'], ['[::]', 'unspecified'],
    ['[fc00::1]', 'unique-local'], ['[fd12:3456::1]', 'unique-local'], ['[fe80::1]', 'link-local'], ['[febf::1]', 'link-local'],
    ['[::ffff:127.0.0.1]', 'ipv4-in-ipv6'], ['[::ffff:7f00:1]', 'ipv4-in-ipv6'], ['[::ffff:8.8.8.8]', 'ipv4-in-ipv6'], ['[::127.0.0.1]', 'ipv4-in-ipv6'],
    ['[64:ff9b::10.0.0.1]', 'ipv4-in-ipv6'], ['224.0.0.1', 'multicast'], ['[ff02::1]', 'multicast'], ['255.255.255.255', 'reserved'],
    ['router', 'private'], ['printer.local', 'private'], ['metadata.google.internal', 'private'], ['nas.home.arpa', 'private'],
  ])('%s is %s', (host, kind) => expect(hostKind(host)).toBe(kind));

  it.each([
    ['2130706433', 'loopback'], ['0177.0.0.1', 'loopback'], ['0x7f.1', 'loopback'], ['127.1', 'loopback'], ['0x7f000001', 'loopback'],
    ['127.0.0.1.', 'loopback'], ['LOCALHOST', 'loopback'], ['012.0.0.1', 'private'], ['3232235777', 'private'], ['0xa9.0xfe.0xa9.0xfe', 'link-local'],
    ['0', 'unspecified'], ['256.0.0.1', 'reserved'], ['1.2.3.4.5', 'reserved'], ['08.0.0.1', 'reserved'], ['4294967296', 'reserved'], ['[1::2::3]', 'reserved'],
  ])('numeric trick %s is %s', (host, kind) => expect(hostKind(host)).toBe(kind));

  it.each(['pm.example', 'paymaster.example.com', '8.8.8.8', '172.32.0.1', '100.128.0.1', '11.0.0.1', '[2001:db8::1]', '[2606:4700::1111]', '1.2.3.example'])(
    '%s is public', (host) => expect(hostKind(host)).toBe('public'),
  );

  it('reads hosts as the browser does: what new URL normalizes agrees with the raw text', () => {
    for (const raw of ['2130706433', '0177.0.0.1', '0x7f.1', '127.1', '[::ffff:127.0.0.1]']) {
      expect(hostKind(new URL(`http://${raw}/`).hostname)).toBe(hostKind(raw));
    }
  });

  it('parses IPv4 in 1 to 4 parts and IPv6 with :: and a dotted tail', () => {
    expect(parseIpv4('1.2.3.4')).toBe(0x01020304);
    expect(parseIpv4('1.0x10203')).toBe(0x01010203);
    expect(parseIpv4('example.com')).toBeUndefined();
    expect(parseIpv6('2001:db8::1')).toEqual([0x2001, 0xdb8, 0, 0, 0, 0, 0, 1]);
    expect(parseIpv6('::ffff:1.2.3.4')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304]);
    expect(parseIpv6('1:2:3:4:5:6:7')).toBeUndefined();
  });
});
