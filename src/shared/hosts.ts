/**
 * What kind of address a URL's host names, from its text alone (no DNS): a page must not make the wallet reach this
 * machine or the user's network (routers, printers, cloud metadata at 169.254.169.254). IPv4 is read as browsers
 * read it (WHATWG URL), so `2130706433`, `0177.0.0.1`, `0x7f.1` and `127.1` are all 127.0.0.1.
 */

export type HostKind =
  | 'public'
  | 'loopback'
  /** RFC 1918, IPv6 site-local, and names that only a local network resolves (`router`, `printer.local`). */
  | 'private'
  | 'link-local'
  /** 100.64/10, carrier-grade NAT. */
  | 'shared'
  /** 0.0.0.0/8 and `::`: "this host" to many stacks. */
  | 'unspecified'
  /** IPv6 fc00::/7. */
  | 'unique-local'
  /** IPv4 inside IPv6 (`::ffff:127.0.0.1`, `::127.0.0.1`): refused whatever the IPv4 is, stacks differ on them. */
  | 'ipv4-in-ipv6'
  | 'multicast'
  /** 240/4, broadcast, and hosts that look numeric but are not valid addresses. */
  | 'reserved';

const LOCAL_NAME_SUFFIXES = ['.local', '.internal', '.lan', '.home.arpa', '.intranet', '.corp'];

/** One IPv4 part as browsers read it: 0x.. hex, 0.. octal, else decimal; undefined when it is not a number. */
function ipv4Part(part: string): number | undefined {
  if (/^0x[0-9a-f]*$/i.test(part)) return part.length === 2 ? 0 : parseInt(part.slice(2), 16);
  if (/^0[0-7]+$/.test(part)) return parseInt(part.slice(1), 8);
  if (/^(0|[1-9][0-9]*)$/.test(part)) return Number(part);
  return undefined;
}

/** The 32-bit value of an IPv4 host in any of its 1- to 4-part forms, 'invalid' when it looks numeric but is not an address, undefined for a name. */
export function parseIpv4(host: string): number | 'invalid' | undefined {
  const parts = host.split('.');
  if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  if (!/^(0x[0-9a-f]*|[0-9]+)$/i.test(parts[parts.length - 1])) return undefined;
  const numbers = parts.map(ipv4Part);
  if (parts.length > 4 || numbers.some((n) => n === undefined)) return 'invalid';
  const last = numbers.pop()!;
  if (numbers.some((n) => n! > 255) || last >= 256 ** (4 - numbers.length)) return 'invalid';
  return numbers.reduce<number>((value, n, i) => value + n! * 256 ** (3 - i), 0) + last;
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 counts as two), undefined when it is not one. */
export function parseIpv6(host: string): number[] | undefined {
  const halves = host.split('::');
  if (halves.length > 2) return undefined;
  const groups = (text: string): number[] | undefined => {
    if (text === '') return [];
    const pieces = text.split(':');
    const out: number[] = [];
    for (const [i, piece] of pieces.entries()) {
      if (piece.includes('.') && i === pieces.length - 1) {
        const v4 = parseIpv4(piece);
        if (typeof v4 !== 'number' || piece.split('.').length !== 4) return undefined;
        out.push(v4 >>> 16, v4 & 0xffff);
      } else if (/^[0-9a-f]{1,4}$/i.test(piece)) out.push(parseInt(piece, 16));
      else return undefined;
    }
    return out;
  };
  const head = groups(halves[0]);
  const tail = halves.length === 2 ? groups(halves[1]) : [];
  if (!head || !tail) return undefined;
  if (halves.length === 1) return head.length === 8 ? head : undefined;
  if (head.length + tail.length > 7) return undefined;
  return [...head, ...Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}

const inRange = (address: number, base: string, bits: number): boolean => {
  const start = parseIpv4(base) as number;
  const size = 2 ** (32 - bits);
  return address >= start && address < start + size;
};

function ipv4Kind(address: number): HostKind {
  if (inRange(address, '0.0.0.0', 8)) return 'unspecified';
  if (inRange(address, '127.0.0.0', 8)) return 'loopback';
  if (inRange(address, '10.0.0.0', 8) || inRange(address, '172.16.0.0', 12) || inRange(address, '192.168.0.0', 16)) return 'private';
  if (inRange(address, '169.254.0.0', 16)) return 'link-local';
  if (inRange(address, '100.64.0.0', 10)) return 'shared';
  if (inRange(address, '224.0.0.0', 4)) return 'multicast';
  if (inRange(address, '240.0.0.0', 4)) return 'reserved';
  return 'public';
}

function ipv6Kind(groups: number[]): HostKind {
  const [first] = groups;
  const zerosBefore = (n: number) => groups.slice(0, n).every((g) => g === 0);
  if (zerosBefore(8)) return 'unspecified';
  if (zerosBefore(7) && groups[7] === 1) return 'loopback';
  // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible), 64:ff9b::a.b.c.d (NAT64)
  if ((zerosBefore(5) && (groups[5] === 0xffff || groups[5] === 0)) || (first === 0x64 && groups[1] === 0xff9b)) return 'ipv4-in-ipv6';
  if ((first & 0xfe00) === 0xfc00) return 'unique-local';
  if ((first & 0xffc0) === 0xfe80) return 'link-local';
  if ((first & 0xffc0) === 0xfec0) return 'private';
  if ((first & 0xff00) === 0xff00) return 'multicast';
  return 'public';
}

/** The kind of a URL's `hostname` (brackets around IPv6 allowed, any case, a trailing dot ignored). */
export function hostKind(hostname: string): HostKind {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  if (host.includes(':')) {
    const groups = parseIpv6(host);
    return groups ? ipv6Kind(groups) : 'reserved';
  }
  const v4 = parseIpv4(host);
  if (v4 === 'invalid') return 'reserved';
  if (v4 !== undefined) return ipv4Kind(v4);
  if (host === 'localhost' || host.endsWith('.localhost')) return 'loopback';
  if (!host.includes('.') || LOCAL_NAME_SUFFIXES.some((suffix) => host.endsWith(suffix))) return 'private';
  return 'public';
}
