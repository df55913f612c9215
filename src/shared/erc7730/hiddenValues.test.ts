/**
 * What a descriptor may hide. The wallet's own descriptors hide what they know is harmless (`visible: "never"`,
 * `excluded`); a registry's or a user's file may not hide a value from the user: what it hides is listed as not
 * described, as it is (P2P's `addEth` hides the recipients of a staking reward's shares, which the page chooses).
 */
import { Interface } from 'ethers';
import { describe, expect, it, vi } from 'vitest';
import type { Hex } from '../params';
import { bindCall } from './bind';
import { parseDescriptor } from './parse';
import { render } from './render';
import { mainnet } from './samples.fixture';
import type { Descriptor } from './types';

// Every field rendered says its English in words too (valueWords.fixture.ts).
vi.mock('./render', async (original) => (await import('./valueWords.fixture')).checkingRender(await original()));

const STAKING = '0x5555555555555555555555555555555555555555';
const REFERRER = '0x6666666666666666666666666666666666666666';
const KEY = 'addEth(uint256 amount,address referrer,uint256 fee,bytes extra)';

function descriptor(kind: Partial<Pick<Descriptor, 'registry' | 'userFile'>>): Descriptor {
  return {
    ...parseDescriptor({
      context: { contract: { deployments: [{ chainId: 1, address: STAKING }] } },
      display: { formats: { [KEY]: { intent: 'Stake', excluded: ['extra'], fields: [{ path: 'amount', label: 'Amount', format: 'raw' }, { path: 'referrer', label: 'Referrer', visible: 'never' }, { path: 'fee', label: 'Fee', visible: { ifNotIn: ['0'] } }] } } },
    }, 'staking.json'),
    ...kind,
  };
}

async function shown(kind: Partial<Pick<Descriptor, 'registry' | 'userFile'>>) {
  const fragment = new Interface([`function ${KEY}`]);
  const data = fragment.encodeFunctionData('addEth', [5n, REFERRER, 0n, '0xabcd']) as Hex;
  const { clear } = await render(bindCall([descriptor(kind)], { chainId: 1n, to: STAKING, data })!, mainnet(STAKING));
  return { fields: clear.fields.map((f) => f.label), uncovered: clear.uncovered };
}

describe('values a descriptor hides', () => {
  it('the wallet\'s own descriptors hide what they say is never shown or excluded', async () => {
    expect(await shown({})).toEqual({ fields: ['Amount'], uncovered: [] });
  });

  it('a registry\'s descriptor cannot: what it never shows or excludes is listed as not described', async () => {
    expect(await shown({ registry: true })).toEqual({ fields: ['Amount'], uncovered: [{ path: 'referrer', text: REFERRER }, { path: 'extra', text: '0xabcd' }] });
  });

  it('nor can a user\'s file; a value hidden only while it is one the description allows (ifNotIn: 0) stays hidden', async () => {
    expect(await shown({ userFile: true })).toEqual({ fields: ['Amount'], uncovered: [{ path: 'referrer', text: REFERRER }, { path: 'extra', text: '0xabcd' }] });
  });
});
