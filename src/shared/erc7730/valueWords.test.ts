/**
 * The values and notes the engine writes, in words as well as English: each kind the other tests' reviews do not meet,
 * through a real render (every field checked by valueWords.fixture.ts: its words say its English exactly).
 */
import { describe, expect, it, vi } from 'vitest';
import type { TypedMessage } from '../typedData/types';
import { bindMessage } from './bind';
import { parseDescriptor } from './parse';
import { render } from './render';
import { USDC, mainnet } from './samples.fixture';

vi.mock('./render', async (original) => (await import('./valueWords.fixture')).checkingRender(await original()));

const STRANGER = '0x1111111111111111111111111111111111111111';
const MAX = (2n ** 256n - 1n).toString();
const fields = {
  height: { label: 'Height', format: 'date', params: { encoding: 'blockheight' } },
  far: { label: 'Far', format: 'date' },
  long: { label: 'Long', format: 'duration' },
  all: { label: 'All', format: 'tokenAmount', params: { token: USDC, message: 'All of it' } },
  allUnits: { label: 'All units', format: 'tokenAmount', params: { token: STRANGER, message: 'All of it' } },
  name: { label: 'Name', format: 'addressName' },
  amount: { label: 'Amount', format: 'amount' },
  chain: { label: 'Chain', format: 'chainId' },
  ticker: { label: 'Ticker', format: 'tokenTicker' },
  elsewhere: { label: 'Elsewhere', format: 'tokenTicker', params: { chainId: 10 } },
} as const;
const types = {
  height: 'uint256', far: 'uint256', long: 'uint256', all: 'uint256', allUnits: 'uint256', name: 'string', amount: 'string', chain: 'string', ticker: 'address', elsewhere: 'address',
};
const schema = Object.entries(types).map(([name, type]) => ({ name, type }));
const message: TypedMessage = {
  types: { EIP712Domain: [{ name: 'chainId', type: 'uint256' }], Values: schema },
  primaryType: 'Values',
  domain: { chainId: 1 },
  message: {
    height: 19000000, far: '9000000000000', long: 3 * 86_400 + 61, all: MAX, allUnits: MAX, name: 'hello', amount: 'lots', chain: 'base',
    // A stranger's address written with a wrong checksum: two notes on one value.
    ticker: '0x1111111111111111111111111111111111111111'.replace('0x11', '0xAa'), elsewhere: USDC,
  },
};
const descriptor = parseDescriptor({ context: { eip712: { schemas: [{ primaryType: 'Values', types: { Values: schema } }] } }, display: { formats: { Values: { intent: 'Values', fields } } } }, 'values.json');

describe('the words of the values the engine writes', () => {
  it('say in the English catalogue exactly what the engine writes in English', async () => {
    const { clear } = await render(bindMessage([descriptor], message)!, mainnet());
    const byLabel = Object.fromEntries(clear.fields.map((f) => [f.label, [f.text, f.note, f.textWords?.key, f.noteWords?.key]]));
    expect(byLabel).toEqual({
      Height: ['block 19000000', undefined, 'clearValues_block', undefined],
      Far: ['never (timestamp 9000000000000)', undefined, 'clearValues_neverTimestamp', undefined],
      Long: ['3 days 00:01:01', undefined, 'clearValues_daysClock', undefined],
      All: ['All of it USDC', undefined, 'clearValues_message', undefined],
      'All units': [`All of it (${MAX} units) of`, 'unknown token: it did not answer symbol() and decimals(), so the amount is in its smallest unit', 'clearValues_messageUnitsOf', 'clearValues_unknownTokenAmount'],
      Name: ['hello', 'not an address', undefined, 'clearValues_notAddress'],
      Amount: ['lots', 'not a number, so not shown as amount', undefined, 'clearValues_notNumber'],
      Chain: ['base', 'not a number, so not shown as a chain', undefined, 'clearValues_notNumberChain'],
      Ticker: ['', expect.stringMatching(/^unknown token: it did not answer symbol\(\) and decimals\(\); written as 0xAa11/), undefined, 'clearValues_notes'],
      Elsewhere: ['', 'a token on chain 10: its ticker is not read on this network', undefined, 'clearValues_tickerOtherChain'],
    });
  });
});
