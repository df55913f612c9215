/**
 * Prints how the wallet's ERC-7730 engine does on a folder of testsv2 fixtures (the registry's, or the wallet's own):
 * `npx tsx scripts/erc7730Registry/fixtures.ts <dir> [--cases] [--show]` — the counts, then the failing cases
 * grouped by cause, largest first (`--cases`: every failing case under its cause; `--show`: what the engine showed
 * for every case, as JSON).
 */
import { runFixtures } from './fixtureRunner';
import type { CaseResult } from './fixtureTypes';

const [dir, ...flags] = process.argv.slice(2);
if (!dir) {
  console.error('usage: npx tsx scripts/erc7730Registry/fixtures.ts <folder with *.tests.json> [--cases]');
  process.exit(2);
}
const { results, figures } = await runFixtures(dir);
console.log(`cases ${figures.cases}, bound ${figures.bound}, intent matched ${figures.intent}, every field matched ${figures.fields}, intent and every field ${figures.all} (owner matched ${figures.owner})`);
if (flags.includes('--show')) for (const r of results) console.log(JSON.stringify({ file: r.file, description: r.description, rendered: r.rendered }, null, 1));
const groups = new Map<string, CaseResult[]>();
for (const result of results.filter((r) => r.cause)) groups.set(result.cause!, [...(groups.get(result.cause!) ?? []), result]);
for (const [cause, cases] of [...groups].sort((a, b) => b[1].length - a[1].length)) {
  console.log(`\n${cases.length}  ${cause}`);
  for (const c of flags.includes('--cases') ? cases : cases.slice(0, 3)) console.log(`     ${c.file} › ${c.description}\n       ${c.detail ?? ''}`);
}
