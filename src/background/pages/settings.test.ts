/** The user's own ERC-7730 descriptors: added from a file in Settings, refused when not a descriptor, bound only as their context says. */
import { describe, expect, it } from 'vitest';
import { ErrorCode, RpcError } from '../../shared/errors';
import { bindMessage } from '../../shared/erc7730/bind';
import { parseDescriptor } from '../../shared/erc7730/parse';
import type { TypedMessage } from '../../shared/typedData/types';
import { userDescriptors } from '../clearSigning/descriptors';
import { loadLater } from '../loadLater';
import type { Services } from '../services';
import { SETTINGS_DEFAULTS } from '../settings/settings';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import type { PageContext } from './types';
import { settingPages } from './settings';

const VOTE = '0x1111111111111111111111111111111111111111';
const vote = (verifyingContract: string): TypedMessage => ({
  types: { EIP712Domain: [{ name: 'chainId', type: 'uint256' }, { name: 'verifyingContract', type: 'address' }], Ballot: [{ name: 'proposal', type: 'uint256' }, { name: 'support', type: 'bool' }] },
  primaryType: 'Ballot',
  domain: { chainId: 1, verifyingContract },
  message: { proposal: 7, support: true },
});
const descriptor = {
  context: { eip712: { deployments: [{ chainId: 1, address: VOTE }], schemas: [{ primaryType: 'Ballot', types: { Ballot: vote(VOTE).types.Ballot } }] } },
  display: { formats: { Ballot: { intent: 'Vote', fields: [{ path: 'proposal', label: 'Proposal', format: 'raw' }] } } },
};

function settingsPage() {
  const settings = typedStorage(memoryBackend(), SETTINGS_DEFAULTS);
  const ctx = { services: { settings, loadLater } as unknown as Services } as PageContext;
  const add = async (params: unknown) => settingPages.addDescriptor.handle(settingPages.addDescriptor.parse(params), ctx);
  return { settings, ctx, add };
}

describe('addDescriptor and removeDescriptor', () => {
  it('keeps a valid file by its name; it binds at its deployment only', async () => {
    const { settings, add, ctx } = settingsPage();
    await add({ name: 'ballot.json', json: descriptor });
    const stored = userDescriptors(await settings.get('userDescriptors'), parseDescriptor);
    expect(stored.map((d) => d.source)).toEqual(['your file ballot.json']);
    expect(bindMessage(stored, vote(VOTE))?.format.intent).toBe('Vote');
    expect(bindMessage(stored, vote('0x2222222222222222222222222222222222222222'))).toBeUndefined();
    await settingPages.removeDescriptor.handle(settingPages.removeDescriptor.parse({ name: 'ballot.json' }), ctx);
    expect(await settings.get('userDescriptors')).toEqual([]);
  });

  it('a file of the same name replaces the first', async () => {
    const { settings, add } = settingsPage();
    await add({ name: 'ballot.json', json: descriptor });
    await add({ name: 'ballot.json', json: { ...descriptor, metadata: { owner: 'DAO' } } });
    expect(await settings.get('userDescriptors')).toEqual([{ name: 'ballot.json', json: { ...descriptor, metadata: { owner: 'DAO' } } }]);
  });

  it('refuses what is not a descriptor with -32602 saying what is wrong, keeping nothing', async () => {
    const { settings, add } = settingsPage();
    const error: unknown = await add({ name: 'notes.json', json: { display: { formats: {} } } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcError);
    expect(error).toMatchObject({ code: ErrorCode.invalidParams, message: 'notes.json: context must be an object' });
    expect(await settings.get('userDescriptors')).toEqual([]);
  });
});
