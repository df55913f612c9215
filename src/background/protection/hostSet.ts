/**
 * A set of host names kept as one sorted string and the offsets of its entries, searched by halves. The phishing
 * lists' 14,890 hosts took 631 KB of the worker's heap as two `Set`s of strings; as one string and offsets, about
 * half (docs/performance.md, issue 42 item 11b).
 */
export interface HostSet {
  has(host: string): boolean;
}

export function hostSet(hosts: Iterable<string>): HostSet {
  const sorted = [...new Set(hosts)].sort();
  const starts = new Uint32Array(sorted.length + 1);
  let at = 0;
  sorted.forEach((host, i) => {
    starts[i] = at;
    at += host.length + 1;
  });
  starts[sorted.length] = at;
  const text = sorted.join('\n');
  // Only the string and the offsets stay: the closure must not hold the array of strings.
  const count = sorted.length;
  return {
    has(host) {
      let low = 0;
      let high = count - 1;
      while (low <= high) {
        const middle = (low + high) >>> 1;
        const entry = text.slice(starts[middle], starts[middle + 1] - 1);
        if (entry === host) return true;
        if (entry < host) low = middle + 1;
        else high = middle - 1;
      }
      return false;
    },
  };
}
