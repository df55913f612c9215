// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import type { ApprovalView } from '../../shared/approvals';
import type { WalletState } from '../../shared/walletState';
import { mountPoint } from '../testing/mount';

// The preview never arrives: these tests look only at what the screen shows from the request itself.
vi.mock('../api/background', () => ({ call: vi.fn(() => new Promise(() => undefined)) }));
const { ApprovalScreen } = await import('./ApprovalScreen');

const { container, render: mount } = mountPoint();
const render = (approval: Omit<ApprovalView, 'id' | 'origin'>) =>
  mount(<ApprovalScreen approval={{ id: 'a', origin: 'https://dapp.example', ...approval } as ApprovalView} state={{ accounts: [] } as unknown as WalletState} />);
const text = (label: string) => container.querySelector(`[aria-label="${label}"]`)?.textContent;

const token = (symbol: string, name: string, image?: string) => ({
  type: 'watchAsset',
  details: {
    account: '0x01', chainId: '0x7a69', networkName: 'Local devnet', requested: { symbol, decimals: 18 },
    token: { address: '0x02', symbol, name, decimals: 18, balance: '0', ...(image ? { image } : {}) },
  },
}) as never;

describe('approval screens show names stripped, flag look-alikes, and load no remote image', () => {
  it('watchAsset: a Cyrillic Ѕ in the symbol and a bidi override in the name', async () => {
    await render(token('U\u0405DC', 'USD\u202e Coin', 'https://tokens.example/usdc.png'));
    expect(text('Token symbol')).toBe('U\u0405DC');
    expect(text('Token name')).toBe('USD Coin');
    expect(text('Look-alike warning')).toBe(
      'The token symbol “U\u0405DC” mixes Latin and Cyrillic letters: it may imitate another name.'
      + ' The token name “USD Coin” held invisible or reordering characters, removed here: it may imitate another name.',
    );
    expect(container.querySelector('img')).toBeNull();
  });

  it('watchAsset: a plain token shows no warning, and a data: logo', async () => {
    await render(token('TST', 'Test Token', 'data:image/png;base64,iVBORw0KGgo='));
    expect(text('Look-alike warning')).toBeUndefined();
    expect(container.querySelector('img')?.getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
  });

  it('watchAsset of a collectible: a bidi override stripped from the collection name, a Cyrillic symbol flagged', async () => {
    await render({
      type: 'watchAsset',
      details: {
        account: '0x01', chainId: '0x7a69', networkName: 'Local devnet',
        collectible: { standard: 'ERC1155', address: '0x02', tokenId: '7', name: 'Bored\u202e Apes', symbol: '\u0412\u0410YC', balance: '12000' },
      },
    } as never);
    expect(text('Collection name')).toBe('Bored Apes');
    expect(text('Token ID')).toBe('7');
    expect(text('Token standard')).toBe('ERC-1155');
    expect(text('Collectible balance')).toBe('12,000');
    expect(text('Look-alike warning')).toBe(
      'The collection name “Bored Apes” held invisible or reordering characters, removed here: it may imitate another name.'
      + ' The collection symbol “\u0412\u0410YC” mixes Latin and Cyrillic letters: it may imitate another name.',
    );
  });

  it('addEthereumChain: a Greek ο in the network name', async () => {
    await render({ type: 'addChain', details: { chainId: '0x2106', name: 'B\u03bfse', rpcUrls: ['https://rpc.example'], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, builtIn: false, eip7702: true, entryPointV08: false, fastBlocks: false } } as never);
    expect(text('Look-alike warning')).toBe('The network name “B\u03bfse” mixes Latin and Greek letters: it may imitate another name.');
  });

  it('sendCalls: the sponsor name, and its https icon is not loaded', async () => {
    await render({
      type: 'sendCalls',
      details: {
        batchId: 'b', from: '0x01', chainId: '0x7a69', networkName: 'Local devnet', symbol: 'ETH', atomic: true, upgrade: false, calls: [],
        totalValue: '0', maxFee: '0', sponsor: { name: 'C\u043einbase', icon: 'https://pm.example/icon.png', origin: 'https://pm.example', paymaster: '0x03' },
      },
    } as never);
    expect(text('Sponsor')).toBe('Sponsored by C\u043einbase (https://pm.example)');
    expect(text('Paymaster')).toBe('0x03');
    expect(text('Look-alike warning')).toBe('The sponsor name “C\u043einbase” mixes Latin and Cyrillic letters: it may imitate another name.');
    expect(container.querySelector('img')).toBeNull();
  });
});

describe('a message to sign with characters that reorder or hide text', () => {
  const hex = (text: string) => `0x${Buffer.from(text, 'utf8').toString('hex')}`;

  it('personal_sign: each is shown by its code point, with a warning; line breaks stay line breaks', async () => {
    const message = 'Pay 1 ETH to\nBob\u202e0001\u200b';
    await render({ type: 'signMessage', details: { account: '0x01', message: hex(message), text: message, dangers: [] } } as never);
    expect(text('Message')).toBe('Pay 1 ETH to\nBob⟨U+202E⟩0001⟨U+200B⟩');
    expect(container.textContent).toContain('characters that reorder or hide text');
  });

  it('personal_sign: a plain multi-line message is shown as it is, with no warning', async () => {
    const message = 'Sign in\nNonce: 1';
    await render({ type: 'signMessage', details: { account: '0x01', message: hex(message), text: message, dangers: [] } } as never);
    expect(text('Message')).toBe(message);
    expect(container.textContent).not.toContain('characters that reorder or hide text');
  });
});
