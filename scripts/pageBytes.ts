/**
 * What a page of the build loads, read from the built files: its HTML's scripts, module preloads and style sheets,
 * and the modules they import, before its first paint (static imports) or in all (with the chunks it `import()`s).
 */
import { readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** A built file's own references: `from"./x.js"` and `import"./x.js"`, or with `dynamic` also vite's preload lists. */
const referenced = (code: string, dynamic: boolean): string[] =>
  [...code.matchAll(dynamic ? /"\.\/([^"]+\.(?:js|css))"/g : /(?:from|import)\s*"\.\/([^"]+\.js)"/g)].map((m) => m[1]);

/** The files (relative to `dir`) that `page` (e.g. approval.html) loads: before its first paint, or in all. */
export function pageFiles(dir: string, page: string, { dynamic = false } = {}): string[] {
  const html = readFileSync(join(dir, page), 'utf8');
  const found = new Set<string>([page]);
  const queue = [...html.matchAll(/(?:src|href)="\.\/([^"]+)"/g)].map((m) => join(dir, m[1]));
  while (queue.length > 0) {
    const file = queue.pop()!;
    const name = relative(dir, file);
    if (found.has(name)) continue;
    found.add(name);
    if (file.endsWith('.js')) queue.push(...referenced(readFileSync(file, 'utf8'), dynamic).map((ref) => join(dirname(file), ref)));
  }
  return [...found].sort();
}

export const bytesOf = (dir: string, files: string[]): number => files.reduce((sum, file) => sum + statSync(join(dir, file)).size, 0);
