/**
 * What the shipped registry covers, as docs/features.md lists it: each entity with its owners (as its descriptors name
 * them), how many descriptors and on how many chains. Written there by `npm run vendor:erc7730`, between two markers;
 * generate.test.ts checks the list is the vendored registry's.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { entityOf } from '../../src/shared/erc7730/registry';
import type { GeneratedRegistry } from './generate';

export const FEATURES = resolve(import.meta.dirname, '../../docs/features.md');
const START = '<!-- erc7730-registry:start (npm run vendor:erc7730 writes this list) -->';
const END = '<!-- erc7730-registry:end -->';

/** An entity's owners past this many are counted, not named (the registry's `permit` folder has 33 tokens). */
const MAX_OWNERS = 3;
const plural = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`;

export function coverage({ index, shards }: GeneratedRegistry): string {
  const chains = new Map<string, Set<string>>();
  for (const [key, positions] of Object.entries(index.deployments)) {
    for (const position of positions) {
      const entity = entityOf(index.files[position]);
      if (!chains.has(entity)) chains.set(entity, new Set());
      chains.get(entity)!.add(key.split(':')[0]);
    }
  }
  const lines = [...shards].sort(([a], [b]) => a.localeCompare(b)).map(([entity, shard]) => {
    const entries = Object.values(shard);
    const owners = [...new Set(entries.map((e) => (e.descriptor as { metadata?: { owner?: string } }).metadata?.owner).filter((o): o is string => !!o))];
    const on = chains.get(entity)?.size ?? 0;
    const named = owners.length > MAX_OWNERS ? `${owners.slice(0, MAX_OWNERS).join(', ')} and ${owners.length - MAX_OWNERS} more` : owners.join(', ') || entity;
    return `- ${named} (\`${entity}\`): ${plural(entries.length, 'descriptor')} on ${plural(on, 'chain')}`;
  });
  const allChains = new Set(Object.keys(index.deployments).map((key) => key.split(':')[0]));
  const total = `${plural(index.files.length, 'descriptor')} of ${plural(shards.size, 'entity', 'entities')} on ${plural(allChains.size, 'chain')}:`;
  return [START, total, '', ...lines, END].join('\n');
}

/** `text` with the list between the markers replaced by `list`. */
export function withCoverage(text: string, list: string): string {
  const [from, to] = [text.indexOf(START), text.indexOf(END)];
  if (from < 0 || to < from) throw new Error(`docs/features.md has no ${START} … ${END} to write the registry's protocols between`);
  return `${text.slice(0, from)}${list}${text.slice(to + END.length)}`;
}

export const writeCoverage = (generated: GeneratedRegistry): void => writeFileSync(FEATURES, withCoverage(readFileSync(FEATURES, 'utf8'), coverage(generated)));
