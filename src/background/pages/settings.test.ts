/** The user's own ERC-7730 descriptors: added from a file in Settings, refused when not a descriptor, bound only as their context says. */
import { describe, expect, it, vi } from 'vitest';
import { ErrorCode, RpcError } from '../../shared/errors';
import { bindMessage } from '../../shared/erc7730/bind';
import { parseDescriptor } from '../../shared/erc7730/parse';
import { userDescriptors } from '../clearSigning/descriptors';
import { loadLater } from '../loadLater';
import type { Services } from '../services';
import { createDescriptorFiles, memoryDescriptorFileStore, type UserDescriptorFile } from '../settings/descriptorFiles';
import { saysInWords } from './refusals.fixture';
import { VOTE, descriptor, negativeDecimals, vote } from './descriptors.fixture';
import type { PageContext } from './types';
import { settingPages } from './settings';
import { walletState } from './state';

function settingsPage(store = memoryDescriptorFileStore()) {
  const descriptorFiles = createDescriptorFiles(store, Promise.resolve());
  const ctx = { services: { descriptorFiles, descriptorCode: loadLater } as unknown as Services } as PageContext;
  const add = async (params: unknown) => settingPages.addDescriptor.handle(settingPages.addDescriptor.parse(params), ctx);
  const stored = async () => (await descriptorFiles.get()).files;
  return { stored, ctx, add };
}

/** The wallet's state as the popup reads it, with these files stored (the other services say nothing), and the later script's descriptor code at hand. */
async function stateWith(files: UserDescriptorFile[], descriptorCode: () => Promise<unknown>) {
  const store = memoryDescriptorFileStore();
  await store.save({ files, dropped: [] });
  const nothing = async () => [];
  const services = {
    vault: { isInitialized: async () => true, isUnlocked: async () => true, unlockRetryAt: async () => null },
    accounts: { list: nothing, selected: async () => null },
    networks: { all: nothing, selected: async () => ({ chainId: '0x1' }) },
    permissions: { list: async () => ({}) },
    trustedSites: { list: nothing },
    approvals: { pending: nothing, plans: { list: nothing } },
    settings: { get: async (key: string) => (key === 'settings' ? { autoLockMinutes: 5 } : {}) },
    descriptorFiles: createDescriptorFiles(store, Promise.resolve()),
    descriptorCode,
    firewall: { foreignOn: nothing },
  };
  return walletState(services as unknown as Services);
}

describe('addDescriptor and removeDescriptor', () => {
  it('keeps a valid file by its name; it binds at its deployment only', async () => {
    const { stored, add, ctx } = settingsPage();
    await add({ name: 'ballot.json', json: descriptor });
    const described = userDescriptors(await stored(), parseDescriptor);
    expect(described.map((d) => d.source)).toEqual(['your file ballot.json']);
    expect(bindMessage(described, vote(VOTE))?.format.intent).toBe('Vote');
    expect(bindMessage(described, vote('0x2222222222222222222222222222222222222222'))).toBeUndefined();
    await settingPages.removeDescriptor.handle(settingPages.removeDescriptor.parse({ name: 'ballot.json' }), ctx);
    expect(await stored()).toEqual([]);
  });

  it('a file of the same name replaces the first', async () => {
    const { stored, add } = settingsPage();
    await add({ name: 'ballot.json', json: descriptor });
    await add({ name: 'ballot.json', json: { ...descriptor, metadata: { owner: 'DAO' } } });
    expect(await stored()).toEqual([{ name: 'ballot.json', json: { ...descriptor, metadata: { owner: 'DAO' } } }]);
  });

  it('refuses a file that names no deployments, as the Settings screen shows it: it would bind every contract on every chain', async () => {
    const { stored, add } = settingsPage();
    const unbound = { ...descriptor, context: { eip712: { schemas: descriptor.context.eip712.schemas } } };
    for (const json of [unbound, { ...unbound, context: { eip712: { ...unbound.context.eip712, deployments: [] } } }]) {
      const error: unknown = await add({ name: 'ballot.json', json }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RpcError);
      expect(error).toMatchObject({ code: ErrorCode.invalidParams, message: 'ballot.json: context.eip712.deployments must name the chain and address of each contract the file describes (a file of your own applies only where it says)' });
    }
    const call = { context: { contract: {} }, display: { formats: { 'mint(address to,uint256 value)': { intent: 'Mint' } } } };
    await expect(add({ name: 'mint.json', json: call })).rejects.toThrow('mint.json: context.contract.deployments must name the chain and address');
    expect(await stored()).toEqual([]);
  });

  it('refuses what is not a descriptor with -32602 saying what is wrong, keeping nothing', async () => {
    const { stored, add } = settingsPage();
    const error: unknown = await add({ name: 'notes.json', json: { display: { formats: {} } } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcError);
    expect(error).toMatchObject({ code: ErrorCode.invalidParams, message: 'notes.json: context must be an object' });
    expect(await stored()).toEqual([]);
  });

  it('refuses a file whose decimals the wallet cannot read, saying where, keeping nothing', async () => {
    const { stored, add } = settingsPage();
    const fields = [{ path: 'proposal', label: 'Proposal', format: 'unit', params: { base: '%', decimals: -1 } }];
    const json = { ...descriptor, display: { formats: { Ballot: { intent: 'Vote', fields } } } };
    await expect(add({ name: 'ballot.json', json })).rejects.toThrow('ballot.json: display.formats["Ballot"] field "proposal": params.decimals must be a whole number from 0 to 36 (ERC-7730 writes an integer), not -1');
    expect(await stored()).toEqual([]);
  });

  it('a refusal of the parser\'s carries its words, the file named first', async () => {
    const { add } = settingsPage();
    const words = await saysInWords(add({ name: 'ballot.json', json: negativeDecimals }));
    expect(words).toMatchObject({ key: 'errors_descriptorRefused', values: { file: 'ballot.json', refusal: { key: 'errors_descriptorDecimals' } } });
    await saysInWords(add({ name: 'ballot.json', json: { ...descriptor, context: {} } }));
    await saysInWords(add({ name: 'ballot.json', json: { ...descriptor, context: { eip712: {} } } }));
  });

  it('removing a file the wallet dropped at an update (it named no deployments) takes its note off; adding one of that name too', async () => {
    const store = memoryDescriptorFileStore();
    await store.save({ files: [], dropped: ['old.json', 'ballot.json'] });
    const { add, ctx } = settingsPage(store);
    await add({ name: 'ballot.json', json: descriptor });
    await settingPages.removeDescriptor.handle(settingPages.removeDescriptor.parse({ name: 'old.json' }), ctx);
    expect(await store.load()).toEqual({ files: [{ name: 'ballot.json', json: descriptor }], dropped: [] });
  });
});

describe('getState', () => {
  it('parses no stored file: it loads neither the later script nor the parser, though files are stored (only Settings asks which are unused)', async () => {
    const descriptorCode = vi.fn(loadLater);
    const state = await stateWith([{ name: 'ballot.json', json: descriptor }, { name: 'old.json', json: negativeDecimals }], descriptorCode);
    expect(state.userDescriptors).toEqual(['ballot.json', 'old.json']);
    expect(descriptorCode).not.toHaveBeenCalled();
    expect(state).not.toHaveProperty('unusedDescriptors');
  });
});
