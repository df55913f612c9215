/** Settings' Descriptors screen asks which stored files the wallet no longer uses, and why, in words (getUnusedDescriptors). */
import { describe, expect, it, vi } from 'vitest';
import { parseDescriptor } from '../../shared/erc7730/parse';
import { inEnglish } from '../../shared/words.fixture';
import { userDescriptors } from '../clearSigning/descriptors';
import { loadLater } from '../loadLater';
import type { Services } from '../services';
import { createDescriptorFiles, memoryDescriptorFileStore, type UserDescriptorFile } from '../settings/descriptorFiles';
import { DECIMALS_REFUSAL, descriptor, negativeDecimals } from './descriptors.fixture';
import { settingPages } from './settings';
import type { PageContext } from './types';

/** What Settings asks when its Descriptors screen opens, with these files stored. */
async function unusedWith(files: UserDescriptorFile[], descriptorCode: () => Promise<unknown> = loadLater) {
  const store = memoryDescriptorFileStore();
  await store.save({ files, dropped: [] });
  const services = { descriptorFiles: createDescriptorFiles(store, Promise.resolve()), descriptorCode } as unknown as Services;
  return settingPages.getUnusedDescriptors.handle(settingPages.getUnusedDescriptors.parse(), { services } as PageContext);
}

describe('a stored file the wallet no longer uses', () => {
  it('stored before the parser read decimals, is listed as unused with the parser\'s refusal, in words; clear signing leaves it out', async () => {
    const files = [{ name: 'ballot.json', json: descriptor }, { name: 'old.json', json: negativeDecimals }];
    const unused = await unusedWith(files);
    expect(unused).toEqual([{ name: 'old.json', why: DECIMALS_REFUSAL, words: expect.objectContaining({ key: 'errors_descriptorDecimals' }) }]);
    expect(inEnglish(unused[0].words!)).toBe(DECIMALS_REFUSAL);
    expect(userDescriptors(files, parseDescriptor).map((d) => d.source)).toEqual(['your file ballot.json']);
  });

  it('says where and what of each decimals the parser refuses, a missing constant as "nothing", and the other refusals a stored file may meet', async () => {
    const constant = { ...negativeDecimals, display: { formats: { Ballot: { intent: 'Vote', fields: [{ path: 'proposal', label: 'Proposal', format: 'unit', params: { base: '%', decimals: '$.metadata.constants.places' } }] } } } };
    const unnamed = { context: { contract: { deployments: descriptor.context.eip712.deployments } }, display: { formats: { 'mint(address,uint256)': { intent: 'Mint' } } } };
    const twice = { ...unnamed, display: { formats: { 'mint(address to,uint256 value)': { intent: 'Mint' }, 'mint(address a,uint256 b)': { intent: 'Mint' } } } };
    const token = { ...descriptor, metadata: { token: { decimals: 1.5 } } };
    const unusedDescriptors = await unusedWith([{ name: 'a.json', json: constant }, { name: 'b.json', json: unnamed }, { name: 'c.json', json: twice }, { name: 'd.json', json: token }]);
    expect(unusedDescriptors.map((u) => u.why)).toEqual([
      'display.formats["Ballot"] field "proposal": params.decimals ($.metadata.constants.places) must be a whole number from 0 to 36 (ERC-7730 writes an integer), not nothing',
      'display.formats["mint(address,uint256)"] must be a function with parameter names ("transfer(address to,uint256 value)"), or the descriptor must give context.contract.abi',
      'display.formats has two keys for mint(address,uint256)',
      'metadata.token.decimals must be a whole number from 0 to 36 (ERC-7730 writes an integer), not 1.5',
    ]);
    for (const { why, words } of unusedDescriptors) expect(words && inEnglish(words), why).toBe(why);
    expect(unusedDescriptors[0].words?.values?.value).toEqual({ key: 'errors_descriptorNothing' });
    expect(unusedDescriptors[0].words?.values?.place).toMatchObject({ key: 'errors_descriptorFieldPlace', values: { format: 'display.formats["Ballot"]', label: 'proposal' } });
  });

  it('a stored file that names no deployments is unused too, as clear signing leaves it out; none is listed when every file is used', async () => {
    const everywhere = { ...descriptor, context: { eip712: { schemas: descriptor.context.eip712.schemas } } };
    const [unused] = await unusedWith([{ name: 'e.json', json: everywhere }]);
    expect(unused?.words && inEnglish(unused.words)).toBe(unused?.why);
    expect(await unusedWith([{ name: 'ballot.json', json: descriptor }])).toEqual([]);
    expect(await unusedWith([])).toEqual([]);
  });

  it('Settings still gets an answer when the later script (the parser) fails to load: no file is named unused', async () => {
    expect(await unusedWith([{ name: 'old.json', json: negativeDecimals }], async () => Promise.reject(new Error('worker stopping')))).toEqual([]);
  });

  it('loads no later script to say that no file is unused when none is stored', async () => {
    const descriptorCode = vi.fn(loadLater);
    expect(await unusedWith([], descriptorCode)).toEqual([]);
    expect(descriptorCode).not.toHaveBeenCalled();
  });
});
