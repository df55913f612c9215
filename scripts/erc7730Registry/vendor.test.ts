import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UPSTREAM, commitOf, vendor } from './vendor';

const work = mkdtempSync(join(tmpdir(), 'erc7730-vendor-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const write = (root: string, files: string[]) => {
  for (const file of files) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), '{}');
  }
};
const filesIn = (root: string): string[] => readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => relative(root, join(e.parentPath, e.name))).sort();

describe('vendor', () => {
  it('copies the descriptors, their attestations, the generic files, the auditors and the licence, and says where from', () => {
    const snapshot = join(work, 'snapshot');
    const into = join(work, 'vendored');
    write(snapshot, [
      'registry/aave/calldata-lpv3.json', 'registry/aave/sigs/calldata-lpv3.eip155-1-0xabc.json', 'registry/aave/testsv2/calldata-lpv3.tests.json',
      'ercs/calldata-erc20-tokens.json', 'auditors/eip155-1-0xabc/profile.json', 'LICENSE.md', 'specs/erc-7730.md', '.github/scripts/resolve.js',
    ]);
    write(into, ['registry/gone/calldata-old.json']);
    vendor(snapshot, into, { commit: '3b66ba2', committed: '2026-08-20', vendored: '2026-11-29' });
    expect(filesIn(into)).toEqual([
      'LICENSE.md', 'SOURCE.json', 'auditors/eip155-1-0xabc/profile.json', 'ercs/calldata-erc20-tokens.json',
      'registry/aave/calldata-lpv3.json', 'registry/aave/sigs/calldata-lpv3.eip155-1-0xabc.json',
    ]);
    expect(JSON.parse(readFileSync(join(into, 'SOURCE.json'), 'utf8'))).toEqual({ repository: UPSTREAM, commit: '3b66ba2', committed: '2026-08-20', vendored: '2026-11-29' });
  });

  it('refuses a folder that is not a snapshot of the registry', () => {
    const elsewhere = join(work, 'elsewhere');
    write(elsewhere, ['README.md']);
    expect(() => vendor(elsewhere, join(work, 'out'), { commit: 'x', committed: 'y', vendored: 'z' })).toThrow(`${elsewhere} has no registry`);
  });
});

describe('commitOf', () => {
  it('reads the commit and its date from the snapshot\'s README', () => {
    expect(commitOf('(`registry/<entity>/sigs/`) of `ethereum/clear-signing-erc7730-registry` at commit\n`3b66ba2` (2026-08-20), under its own licence')).toEqual({ commit: '3b66ba2', committed: '2026-08-20' });
    expect(commitOf('# A registry')).toBeUndefined();
  });
});
