import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { parseDescriptor } from '../../shared/erc7730/parse';
import { bundledDescriptors, userDescriptors } from './descriptors';

// Every field rendered says its English in words too (valueWords.fixture.ts).
vi.mock('../../shared/erc7730/render', async (original) => (await import('../../shared/erc7730/valueWords.fixture')).checkingRender(await original()));

const PUBLIC = resolve(import.meta.dirname, '../../../public');
const fromDisk = async (path: string): Promise<unknown> => JSON.parse(readFileSync(resolve(PUBLIC, path), 'utf8'));
const parser = async () => parseDescriptor;

describe('bundledDescriptors', () => {
  it('reads every file the index lists, once', async () => {
    const read = vi.fn(fromDisk);
    const load = bundledDescriptors(read, parser);
    const [first, second] = await Promise.all([load(), load()]);
    expect(first.map((d) => d.source)).toEqual(JSON.parse(readFileSync(resolve(PUBLIC, 'erc7730/index.json'), 'utf8')));
    expect(second).toBe(first);
    expect(read).toHaveBeenCalledTimes(first.length + 1);
  });

  it("in the devnet build, binds the wallet's Universal Router 2.0 descriptor at the devnet's stand-in too, and changes no other", async () => {
    const loaded = await bundledDescriptors(fromDisk, parser)();
    const added = await Promise.all(loaded.map(async (d) => {
      const onDisk = ((await fromDisk(`erc7730/${d.source}`)) as { context: { contract?: { deployments?: { address: string }[] } } }).context.contract?.deployments ?? [];
      return [d.source, (d.context.contract?.deployments ?? []).slice(onDisk.length)] as const;
    }));
    expect(added.filter(([, more]) => more.length > 0)).toEqual([['calldata-uniswap-universal-router-2.0.json', [{ chainId: 31337, address: '0x0000000000000000000000000000000000077300' }]]]);
  });

  it('leaves out a file that is not a descriptor, keeping the others', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = bundledDescriptors(async (path) => (path.endsWith('index.json') ? ['broken.json', 'eip712-permit2.json'] : path.endsWith('broken.json') ? { display: {} } : fromDisk(path)), parser);
    expect((await load()).map((d) => d.source)).toEqual(['eip712-permit2.json']);
  });

  it('tries again after a failed read', async () => {
    let fail = true;
    const load = bundledDescriptors(async (path) => {
      if (fail) throw new Error('worker stopping');
      return fromDisk(path);
    }, parser);
    await expect(load()).rejects.toThrow('worker stopping');
    fail = false;
    expect((await load()).length).toBeGreaterThan(0);
  });
});

describe('userDescriptors', () => {
  it('leaves out a file that names no deployments: it would bind every contract on every chain', () => {
    const file = (deployments?: unknown[]) => ({ context: { contract: deployments ? { deployments } : {} }, display: { formats: { 'mint(address to,uint256 value)': { intent: 'Mint' } } } });
    const files = [
      { name: 'bound.json', json: file([{ chainId: 1, address: '0x1111111111111111111111111111111111111111' }]) },
      { name: 'everywhere.json', json: file() },
      { name: 'nowhere.json', json: file([]) },
    ];
    expect(userDescriptors(files, parseDescriptor).map((d) => d.source)).toEqual(['your file bound.json']);
  });

  it('leaves out a file stored before the parser read decimals, whose decimals it cannot read', () => {
    const fields = [{ path: 'value', label: 'Amount', format: 'unit', params: { base: 'T', decimals: Number.NaN } }];
    const json = { context: { contract: { deployments: [{ chainId: 1, address: '0x1111111111111111111111111111111111111111' }] } }, display: { formats: { 'mint(address to,uint256 value)': { intent: 'Mint', fields } } } };
    expect(userDescriptors([{ name: 'nan.json', json }], parseDescriptor)).toEqual([]);
  });

  it('a file that says it was reviewed is shown as the user\'s, never as reviewed', () => {
    const json = { context: { contract: { deployments: [{ chainId: 1, address: '0x1111111111111111111111111111111111111111' }] } }, display: { formats: { 'mint(address to,uint256 value)': { intent: 'Mint' } } }, reviewedBy: ['Patrick Collins (Cyfrin)'] };
    const [descriptor] = userDescriptors([{ name: 'claims.json', json }], parseDescriptor);
    expect(descriptor).toMatchObject({ source: 'your file claims.json', userFile: true });
    expect(descriptor).not.toHaveProperty('reviewedBy');
  });
});
