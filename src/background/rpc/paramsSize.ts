/**
 * Whether params are too large to take, without stringifying them: a walk that counts the least their JSON can take
 * (each string's characters and quotes, each key, one character per other value, the brackets and separators) and
 * stops as soon as the count passes the limit. Every array or object counts at least one, so a cycle (structured
 * clone keeps them) ends the walk too.
 */
export function exceedsJsonLength(value: unknown, limit: number): boolean {
  let length = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') length += item.length + 2;
    else if (Array.isArray(item)) {
      length += item.length + 1;
      for (const element of item) stack.push(element);
    } else if (typeof item === 'object' && item !== null) {
      length += 2;
      for (const key in item) {
        length += key.length + 3;
        stack.push((item as Record<string, unknown>)[key]);
      }
    } else if (item !== undefined) length += 1;
    if (length > limit) return true;
  }
  return false;
}
