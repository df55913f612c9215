// @vitest-environment happy-dom
/** The sendCalls screen's fee sources (issue 45): the fee line of the source picked first, the switch, and no Approve when neither works. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalView } from '../../shared/approvals';
import type { SendCallsDetails } from '../../shared/approvals/batch';
import type { FeeSource, FeeWords } from '../../shared/fees';
import type { WalletState } from '../../shared/walletState';
import { mountPoint } from '../testing/mount';
import { speak } from '../testing/speak';

vi.mock('../api/background', () => ({ call: vi.fn(() => new Promise(() => undefined)) }));
const { ApprovalScreen } = await import('./ApprovalScreen');

const { container, render: mount, unmount } = mountPoint();
const LINE = 'Network fee: ≈ 0.42 USDC (at most 0.60 USDC)';
const WORDS = { key: 'fees_usdcLine' as const, values: { expected: { decimal: '0.42' }, maximum: { decimal: '0.60' } } };
/** Why neither source can pay: not enough ETH, no USDC paymaster on the network. */
const REASONS = ['Not enough ETH: the fee can take up to 0.001 ETH and the account holds 0.0 ETH', 'No USDC paymaster on Devnet'];
const REASON_WORDS: FeeWords[] = [
  { key: 'fees_notEnoughCoin', values: { maximum: { decimal: '0.001' }, held: { decimal: '0.0' }, symbol: 'ETH' } },
  { key: 'fees_noPaymaster', values: { network: 'Devnet' } },
];
const render = (feeSources: SendCallsDetails['feeSources'], more: Partial<SendCallsDetails> = {}) => mount(
  <ApprovalScreen
    approval={{
      id: 'a', origin: 'https://dapp.example', type: 'sendCalls',
      details: { batchId: 'b', from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', chainId: '0x7a69', networkName: 'Devnet', symbol: 'ETH', atomic: true, upgrade: false, calls: [], totalValue: '0', maxFee: '1000000000000000', feeSources, ...more },
    } as ApprovalView}
    state={{ accounts: [] } as unknown as WalletState}
  />,
);
const text = (label: string) => container.querySelector(`[aria-label="${label}"]`)?.textContent;
const radio = (name: string) => container.querySelector<HTMLInputElement>(`input[aria-label="${name}"]`);
const approveButton = () => [...container.querySelectorAll('button')].find((b) => b.textContent === 'Approve');

describe('the fee sources on the sendCalls screen', () => {
  afterEach(() => vi.restoreAllMocks());

  it('show the USDC fee line and the switch with USDC picked when the wallet asked for it first', async () => {
    await render({ choices: ['eth', 'usdc'], preferred: 'usdc', usdc: { line: LINE, words: WORDS, maximum: '600000', upgrade: false } });
    expect(text('Fee in USDC')).toBe(LINE);
    expect(radio('Pay the fee in USDC')?.checked).toBe(true);
    expect(radio('Pay the fee in ETH')?.checked).toBe(false);
  });

  it('show the ETH fee and no switch when only ETH works', async () => {
    await render({ choices: ['eth'], preferred: 'eth' });
    expect(text('Fee in USDC')).toBeUndefined();
    expect(text('Max network fee')).toMatch(/ETH/);
    expect(radio('Pay the fee in USDC')).toBeNull();
  });

  describe('say where the attribution goes for the source picked', () => {
    const attribution = { codes: ['baseapp'], value: '0x07626173656170700080218021802180218021802180218021' as const, appendedTo: [0] };
    const offered = { choices: ['eth', 'usdc'] as FeeSource[], usdc: { line: LINE, words: WORDS, maximum: '600000', upgrade: true } };

    it('with ETH, after a sequential call’s data', async () => {
      await render({ ...offered, preferred: 'eth' }, { atomic: false, attribution });
      expect(text('Attribution')).toMatch(/after the data of call 1;/);
      expect(text('Execution')).toMatch(/^Sequential/);
    });

    it('with USDC, after the user operation’s data, the calls atomic and the upgrade named', async () => {
      await render({ ...offered, preferred: 'usdc' }, { atomic: false, attribution });
      expect(text('Attribution')).toMatch(/after the user operation’s data;/);
      expect(text('Execution')).toMatch(/^Atomic/);
      expect(text('Account upgrade')).toMatch(/EIP-7702/);
    });
  });

  it('say why and disable Approve when neither works', async () => {
    await render({ choices: [], reasons: REASONS, reasonWords: REASON_WORDS });
    expect(text('The fee cannot be paid')).toBe('Neither ETH nor USDC can pay this batch’s network fee: Not enough ETH: the fee can take up to 0.001 ETH and the account holds 0.0 ETH; No USDC paymaster on Devnet.');
    expect(approveButton()?.disabled).toBe(true);
  });

  it('say the fee line and why in the browser\'s language, the figures as it writes numbers', async () => {
    speak('es');
    await render({ choices: ['eth', 'usdc'], preferred: 'usdc', usdc: { line: LINE, words: WORDS, maximum: '600000', upgrade: false } });
    expect(text('Tarifa en USDC')).toBe('Tarifa de red: ≈ 0,42 USDC (como máximo 0,60 USDC)');
    unmount();
    await render({ choices: [], reasons: REASONS, reasonWords: REASON_WORDS });
    expect(text('No se puede pagar la tarifa')).toBe('Ni ETH ni USDC pueden pagar la tarifa de red de este lote: No hay suficiente ETH: la tarifa puede costar hasta 0,001 ETH y la cuenta tiene 0,0 ETH; No hay un paymaster de USDC en Devnet.');
  });

  it('name the network\'s own coin, never ETH where it is another: on Polygon the switch and why neither works say POL, in every language', async () => {
    const pol = { symbol: 'POL', networkName: 'Polygon' };
    await render({ choices: ['eth', 'usdc'], preferred: 'eth', usdc: { line: LINE, words: WORDS, maximum: '600000', upgrade: false } }, pol);
    expect(radio('Pay the fee in POL')?.checked).toBe(true);
    expect(radio('Pay the fee in ETH')).toBeNull();
    unmount();
    const reasonWords: FeeWords[] = [{ key: 'fees_notEnoughCoin', values: { maximum: { decimal: '0.001' }, held: { decimal: '0.0' }, symbol: 'POL' } }, REASON_WORDS[1]];
    await render({ choices: [], reasons: REASONS, reasonWords }, pol);
    expect(text('The fee cannot be paid')).toMatch(/^Neither POL nor USDC can pay this batch’s network fee: Not enough POL: /);
    for (const [locale, label] of [['es', 'No se puede pagar la tarifa'], ['pt_BR', 'A taxa não pode ser paga'], ['zh_CN', '无法支付费用'], ['ja', '手数料を支払えません'], ['ko', '수수료를 지불할 수 없음']] as const) {
      unmount();
      speak(locale);
      await render({ choices: [], reasons: REASONS, reasonWords }, pol);
      expect(text(label)?.replace(/: .*$|：.*$/, ''), locale).toMatch(/POL/);
      expect(text(label)?.replace(/: .*$|：.*$/, ''), locale).not.toMatch(/ETH/);
    }
  });

  it('say the English of a screen stored before the words', async () => {
    speak('es');
    await render({ choices: ['usdc'], preferred: 'usdc', usdc: { line: LINE, maximum: '600000', upgrade: false } });
    expect(text('Tarifa en USDC')).toBe(LINE);
    unmount();
    await render({ choices: [], reasons: REASONS });
    expect(text('No se puede pagar la tarifa')).toMatch(/: Not enough ETH: .*; No USDC paymaster on Devnet\.$/);
  });
});
