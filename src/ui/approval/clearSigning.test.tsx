// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import type { ApprovalView } from '../../shared/approvals';
import type { WalletState } from '../../shared/walletState';
import { mountPoint } from '../testing/mount';

vi.mock('../api/background', () => ({ call: vi.fn(() => new Promise(() => undefined)) }));
const { ApprovalScreen } = await import('./ApprovalScreen');

const { container, render: mount } = mountPoint();
const render = (approval: Omit<ApprovalView, 'id' | 'origin'>) =>
  mount(<ApprovalScreen approval={{ id: 'a', origin: 'https://dapp.example', ...approval } as ApprovalView} state={{ accounts: [] } as unknown as WalletState} />);
const text = (label: string) => container.querySelector(`[aria-label="${label}"]`)?.textContent;

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const SPENDER = '0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD';
const typed = {
  types: { EIP712Domain: [{ name: 'name', type: 'string' }], Permit: [{ name: 'spender', type: 'address' }, { name: 'value', type: 'uint256' }, { name: 'memo', type: 'string' }] },
  primaryType: 'Permit',
  domain: { name: 'Token' },
  message: { spender: SPENDER, value: '5', memo: 'kept' },
};

describe('the typed data screen with clear signing', () => {
  it('shows the intent, the fields, what is not described, the dangers, and keeps the raw message in a disclosure', async () => {
    await render({
      type: 'signTypedData',
      details: {
        account: ACCOUNT, version: 'V4', ...typed,
        clearSigning: {
          clear: { intent: 'Permit: allow spending of your tokens', source: 'x.json', fields: [{ path: 'spender', label: 'Spender', text: '', address: SPENDER }, { path: 'value', label: 'Amount', text: 'Unlimited USDC' }], uncovered: [{ path: 'memo', text: 'kept' }] },
          dangers: [{ kind: 'unlimited', tone: 'danger', confirm: true, message: 'Amount: unlimited.' }],
        },
      },
    });
    expect(container.querySelector('h2')?.textContent).toBe('Permit: allow spending of your tokens');
    expect(text('Amount')).toBe('Unlimited USDC');
    expect(text('Spender')).toBe('0x3fC9…7FAD');
    expect(text('memo')).toBe('kept');
    expect(text('Signature warning')).toBe('Amount: unlimited.');
    expect(container.querySelector('details.raw [aria-label="Typed data"]')?.textContent).toContain('kept');
    expect(container.querySelector('input[type="checkbox"]')?.parentElement?.textContent).toBe('Sign anyway: I understand the dangers named above');
  });

  const permitWords = { intent: 'Permit: allow spending of your tokens', owner: 'Test Token', source: 'registry/test/eip712-permit.json', fields: [], uncovered: [] };

  it('words from a descriptor whose review the build verified name its auditors under the intent', async () => {
    await render({ type: 'signTypedData', details: { account: ACCOUNT, version: 'V4', ...typed, clearSigning: { clear: { ...permitWords, reviewedBy: ['Patrick Collins (Cyfrin)'] }, dangers: [] } } });
    expect([...container.querySelectorAll('[aria-label="In words"] p')].map((p) => p.textContent)).toEqual(['For Test Token', 'Reviewed by Patrick Collins (Cyfrin)']);
  });

  it('words from any other descriptor say nothing of a review', async () => {
    await render({ type: 'signTypedData', details: { account: ACCOUNT, version: 'V4', ...typed, clearSigning: { clear: permitWords, dangers: [] } } });
    expect(container.querySelector('[aria-label="In words"] h2')?.textContent).toBe('Permit: allow spending of your tokens');
    expect(container.textContent).not.toContain('Reviewed by');
  });

  it('the descriptor\'s sentence, when it writes one, under the intent', async () => {
    await render({ type: 'signTypedData', details: { account: ACCOUNT, version: 'V4', ...typed, clearSigning: { clear: { ...permitWords, interpolatedIntent: 'Allow 0x3fC9…7FAD to spend 5 USDC' }, dangers: [] } } });
    expect(text('In one sentence')).toBe('Allow 0x3fC9…7FAD to spend 5 USDC');
  });

  const wrapCall = (interpolatedIntent?: string) => ({
    to: SPENDER, value: '0', dataSize: 4, data: '0xd0e30db0', selector: '0xd0e30db0',
    review: { clear: { intent: 'Wrap', source: 'calldata-weth.json', fields: [], uncovered: [], ...(interpolatedIntent ? { interpolatedIntent } : {}) }, dangers: [] },
  });
  const batch = (calls: unknown[]) => ({ type: 'sendCalls', details: { batchId: 'b', from: ACCOUNT, chainId: '0x7a69', networkName: 'Devnet', symbol: 'ETH', atomic: true, upgrade: false, calls, totalValue: '0', maxFee: '0' } }) as never;

  it('a batch whose every call has its sentence says them as one', async () => {
    await render(batch([wrapCall('Wrap 0.5 ETH'), wrapCall('Supply 1.5 TST')]));
    expect(text('The batch in one sentence')).toBe('Wrap 0.5 ETH and Supply 1.5 TST');
  });

  it('a batch with a call without its sentence has no summary: half of it in words would read as all of it', async () => {
    await render(batch([wrapCall('Wrap 0.5 ETH'), wrapCall()]));
    expect(text('In one sentence')).toBe('Wrap 0.5 ETH');
    expect(container.querySelector('[aria-label="The batch in one sentence"]')).toBeNull();
  });

  it('a request stored before clear signing shows the message as it is, open, with no gate', async () => {
    await render({ type: 'signTypedData', details: { account: ACCOUNT, version: 'V4', ...typed } });
    expect(container.querySelector('details.raw')).toBeNull();
    expect(text('Typed data')).toContain('kept');
    expect(container.querySelector('input[type="checkbox"]')).toBeNull();
  });

  it('a transaction whose call a descriptor binds: the same words and danger rows, Approve only after a second yes', async () => {
    const data = '0x095ea7b3' as const;
    await render({
      type: 'sendTransaction',
      details: {
        batchId: 'b', from: ACCOUNT, networkName: 'Devnet', symbol: 'ETH', gasLimit: '50000', maxFees: { market: '1000' },
        call: {
          to: SPENDER, value: '0', dataSize: 4, data, selector: data,
          action: { kind: 'approve', standard: 'erc20', token: SPENDER, spender: ACCOUNT, amount: '1', unlimited: true },
          review: {
            clear: { intent: 'Approve: allow spending of your tokens', source: 'calldata-erc20.json', fields: [{ path: 'amount', label: 'Amount', text: 'Unlimited USDC' }], uncovered: [] },
            dangers: [{ kind: 'unlimited', tone: 'danger', confirm: true, message: 'Amount: unlimited.' }],
          },
        },
      },
    });
    expect(container.querySelector('[aria-label="Call"] h2')?.textContent).toBe('Approve: allow spending of your tokens');
    expect(text('Amount')).toBe('Unlimited USDC');
    // The descriptor's words replace describeCall's, never both.
    expect(container.querySelector('.call-title')).toBeNull();
    expect(text('Approval warning')).toBe('Amount: unlimited.');
    expect(container.querySelector('input[type="checkbox"]')?.parentElement?.textContent).toBe('Approve anyway: I understand the dangers named above');
    const approveButton = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Approve');
    expect(approveButton?.disabled).toBe(true);
  });

  it('a call whose nested calls a descriptor binds: each level in words, named by the way down, their dangers named, Approve only after a second yes', async () => {
    const clear = (intent: string) => ({ intent, source: 'x.json', fields: [], uncovered: [] });
    await render({
      type: 'sendTransaction',
      details: {
        batchId: 'b', from: ACCOUNT, networkName: 'Devnet', symbol: 'ETH', gasLimit: '50000', maxFees: { market: '1000' },
        call: {
          to: SPENDER, value: '0', dataSize: 4, data: '0x82ad56cb', selector: '0x82ad56cb',
          review: {
            clear: clear('Multicall3: make several calls'),
            inner: [{ label: 'Call data', clear: clear('Multicall3: make several calls') }, { label: 'Call data › Call data', clear: clear('Approve: allow spending of your tokens') }],
            dangers: [{ kind: 'unlimited', tone: 'danger', confirm: true, message: 'Amount: unlimited.' }],
          },
        },
      },
    });
    expect(container.querySelector('[aria-label="Call data › Call data, in words"] h2')?.textContent).toBe('Approve: allow spending of your tokens');
    expect(text('Approval warning')).toBe('Amount: unlimited.');
    expect([...container.querySelectorAll('button')].find((b) => b.textContent === 'Approve')?.disabled).toBe(true);
  });

  it('a call no descriptor binds, with bytes after the arguments of the function it names: that function, the bytes named as a danger and shown, Approve only after a second yes', async () => {
    const data = '0xa9059cbb' as const;
    await render({
      type: 'sendTransaction',
      details: {
        batchId: 'b', from: ACCOUNT, networkName: 'Devnet', symbol: 'ETH', gasLimit: '50000', maxFees: { market: '1000' },
        call: {
          to: SPENDER, value: '0', dataSize: 72, data, selector: data,
          fn: { signature: 'transfer(address,uint256)', args: [] },
          action: { kind: 'transfer', standard: 'erc20', token: SPENDER, to: ACCOUNT, amount: '1' },
          afterArguments: { size: 4, data: '0xdeadbeef' },
        },
      },
    });
    expect(container.querySelector('.call-title')?.textContent).toMatch(/^Send 1 units of/);
    expect(text('Approval warning')).toMatch(/4 bytes after its arguments \(0xdeadbeef\)/);
    expect(text('Bytes after the arguments')).toBe('After the arguments (4 bytes)0xdeadbeef');
    expect([...container.querySelectorAll('button')].find((b) => b.textContent === 'Approve')?.disabled).toBe(true);
  });
});
