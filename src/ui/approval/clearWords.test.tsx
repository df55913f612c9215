// @vitest-environment happy-dom
/**
 * The wallet's own descriptors' words in the browser's language (the engine's words: shared/erc7730/ownWords.ts): the
 * intent, the sentence and the labels on the approval screen and in Activity; any other file's words as it wrote them.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalView } from '../../shared/approvals';
import { bindCall, bindMessage } from '../../shared/erc7730/bind';
import { render as words } from '../../shared/erc7730/render';
import { PERMIT2, WETH, descriptors, mainnet, permitSingle } from '../../shared/erc7730/samples.fixture';
import type { Hex } from '../../shared/params';
import type { WalletState } from '../../shared/walletState';
import { callSummary } from '../popup/activity/summary';
import { mountPoint } from '../testing/mount';
import { speak } from '../testing/speak';

vi.mock('../api/background', () => ({ call: vi.fn(() => new Promise(() => undefined)) }));
const { ApprovalScreen } = await import('./ApprovalScreen');

const { container, render: mount } = mountPoint();
const show = (approval: Omit<ApprovalView, 'id' | 'origin'>) =>
  mount(<ApprovalScreen approval={{ id: 'a', origin: 'https://dapp.example', ...approval } as ApprovalView} state={{ accounts: [] } as unknown as WalletState} />);
const text = (label: string) => container.querySelector(`[aria-label="${label}"]`)?.textContent;
afterEach(() => vi.restoreAllMocks());

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const permit = async () => (await words(bindMessage(descriptors, permitSingle)!, mainnet(PERMIT2))).clear;
const wrap = async () => (await words(bindCall(descriptors, { chainId: 1n, to: WETH, data: '0xd0e30db0' })!, mainnet(WETH, { value: 5n * 10n ** 17n }))).clear;
const wrapCall = async () => ({ to: WETH, value: '500000000000000000', dataSize: 4, data: '0xd0e30db0', selector: '0xd0e30db0', review: { clear: await wrap(), dangers: [] } });
const batch = (calls: unknown[]) => ({ type: 'sendCalls', details: { batchId: 'b', from: ACCOUNT, chainId: '0x1', networkName: 'Ethereum', symbol: 'ETH', atomic: true, upgrade: false, calls, totalValue: '0', maxFee: '0' } }) as never;

describe('the wallet\'s own descriptors in Spanish', () => {
  it('a signature: the intent and each label in Spanish', async () => {
    const clear = await permit();
    speak('es');
    await show({ type: 'signTypedData', details: { account: ACCOUNT, version: 'V4', ...permitSingle, clearSigning: { clear, dangers: [] } } } as never);
    expect(container.querySelector('[aria-label="En palabras"] h2')?.textContent).toBe('Permit2: permitir gastar un token');
    expect([...container.querySelectorAll('[aria-label="En palabras"] [aria-label]')].map((row) => row.getAttribute('aria-label'))).toEqual(
      expect.arrayContaining(['Gastador', 'Cantidad', 'El permiso vence', 'Firma válida hasta']),
    );
  });

  it('a call\'s sentence, and a batch\'s sentences joined as Spanish joins them', async () => {
    speak('es');
    await show(batch([await wrapCall(), await wrapCall()]));
    expect(container.querySelector('[aria-label="En palabras"] h2')?.textContent).toBe('Envolver ETH');
    expect(text('En una frase')).toBe('Envolver 0,5 ETH en WETH');
    expect(text('El lote en una frase')).toBe('Envolver 0,5 ETH en WETH y Envolver 0,5 ETH en WETH');
  });

  it('words kept before the words, or from the registry\'s or the user\'s files, read as the file wrote them', async () => {
    const { intentWords: _i, interpolatedWords: _s, ...clear } = await wrap();
    speak('es');
    await show(batch([{ ...(await wrapCall()), review: { clear: { ...clear, fields: clear.fields.map(({ labelWords: _l, textWords: _t, ...field }) => field) }, dangers: [] } }]));
    expect(container.querySelector('[aria-label="En palabras"] h2')?.textContent).toBe('Wrap ETH');
    expect(text('En una frase')).toBe('Wrap 0.5 ETH into WETH');
    expect(text('Amount')).toBe('0.5 ETH');
  });

  it('an inner call named by the way down: the wallet\'s parts in Spanish, a registry file\'s as written; an intent no file gave in Spanish', async () => {
    const { intent: _i, intentWords: _w, ...clear } = await wrap();
    const within = { key: 'dangers_stepWithin', values: { outer: { key: 'descriptors_callData' }, step: 'Orders' } };
    speak('es');
    await show(batch([{ ...(await wrapCall()), review: { clear, dangers: [], inner: [{ label: 'Call data › Orders', labelWords: within, clear: { ...clear, intent: 'Sign', intentWords: { key: 'descriptors_sign' } } }] } }]));
    expect(container.querySelector('[aria-label="Datos de la llamada › Orders, en palabras"] h2')?.textContent).toBe('Firmar');
  });

  it('Activity says the call in Spanish as the approval screen did', async () => {
    const clear = await permit();
    speak('es');
    const line = callSummary({ to: PERMIT2 as Hex, value: '0', dataSize: 4, review: { clear, dangers: [] } }, 'ETH');
    expect(line).toBe('Permit2: permitir gastar un token (Gastador 0x3fC9…7FAD, Token 0xA0b8…eB48, Cantidad USDC ilimitado, El permiso vence 16 ene 2025, 04:00 UTC, Firma válida hasta 17 dic 2024, 04:33 UTC)');
  });
});
