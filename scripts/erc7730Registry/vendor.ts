/**
 * Vendors the ERC-7730 registry (ethereum/clear-signing-erc7730-registry, CC0) from a snapshot of it into
 * vendor/erc7730-registry/: the descriptors (registry/<entity>/*.json), their review attestations
 * (registry/<entity>/sigs/), the generic ERC descriptors they include (ercs/), the auditors (auditors/) and the
 * licence, with SOURCE.json saying where and when they came from. An update is one command:
 *
 *   npm run vendor:erc7730 -- <snapshot dir> [--commit <sha> --date <YYYY-MM-DD>]
 *
 * The commit and its date are read from the snapshot's README ("at commit `3b66ba2` (2026-08-20)") unless given.
 * It then checks what it copied as the build does (generate.ts) and writes the protocols covered into docs/features.md.
 * Nothing else of the snapshot (tests, specs, scripts) is taken.
 */
import { cpSync, existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { writeCoverage } from './coverage';
import { generateRegistry, type Source } from './generate';

export const VENDORED = resolve(import.meta.dirname, '../../vendor/erc7730-registry');
export const UPSTREAM = 'https://github.com/ethereum/clear-signing-erc7730-registry';

/** The commit and date a snapshot's README names, if it does. */
export function commitOf(readme: string): { commit: string; committed: string } | undefined {
  const found = /commit\s+`?([0-9a-f]{7,40})`?\s*\((\d{4}-\d{2}-\d{2})\)/.exec(readme);
  return found ? { commit: found[1], committed: found[2] } : undefined;
}

const jsonIn = (dir: string): string[] => readdirSync(dir).filter((name) => name.endsWith('.json') && statSync(join(dir, name)).isFile());

/** Copies what the wallet ships from `snapshot` into `into` (emptied first), and writes SOURCE.json. */
export function vendor(snapshot: string, into: string, source: Omit<Source, 'repository'>): void {
  for (const needed of ['registry', 'ercs', 'auditors', 'LICENSE.md']) {
    if (!existsSync(join(snapshot, needed))) throw new Error(`${snapshot} has no ${needed}: not a snapshot of the ERC-7730 registry`);
  }
  rmSync(into, { recursive: true, force: true });
  for (const entity of readdirSync(join(snapshot, 'registry'))) {
    const from = join(snapshot, 'registry', entity);
    if (!statSync(from).isDirectory()) continue;
    for (const file of jsonIn(from)) cpSync(join(from, file), join(into, 'registry', entity, file));
    if (existsSync(join(from, 'sigs'))) for (const file of jsonIn(join(from, 'sigs'))) cpSync(join(from, 'sigs', file), join(into, 'registry', entity, 'sigs', file));
  }
  for (const file of jsonIn(join(snapshot, 'ercs'))) cpSync(join(snapshot, 'ercs', file), join(into, 'ercs', file));
  cpSync(join(snapshot, 'auditors'), join(into, 'auditors'), { recursive: true });
  cpSync(join(snapshot, 'LICENSE.md'), join(into, 'LICENSE.md'));
  writeFileSync(join(into, 'SOURCE.json'), `${JSON.stringify({ repository: UPSTREAM, ...source } satisfies Source, null, 2)}\n`);
}

function main(): void {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { commit: { type: 'string' }, date: { type: 'string' } } });
  const [snapshot] = positionals;
  if (!snapshot) throw new Error('usage: npm run vendor:erc7730 -- <snapshot dir> [--commit <sha> --date <YYYY-MM-DD>]');
  const readme = join(snapshot, 'README.md');
  const named = existsSync(readme) ? commitOf(readFileSync(readme, 'utf8')) : undefined;
  const commit = values.commit ?? named?.commit;
  const committed = values.date ?? named?.committed;
  if (!commit || !committed) throw new Error(`${snapshot}'s README names no commit and date: give --commit <sha> --date <YYYY-MM-DD>`);
  vendor(resolve(snapshot), VENDORED, { commit, committed, vendored: new Date().toISOString().slice(0, 10) });
  // Checked as the build checks it, and the protocols it covers listed in docs/features.md.
  writeCoverage(generateRegistry(VENDORED));
  console.log(`vendored ${UPSTREAM} at ${commit} (${committed}) into ${VENDORED}; docs/features.md lists what it covers`);
}

if (process.argv[1] === import.meta.filename) main();
