// @vitest-environment happy-dom
/** What a simulation could not reproduce, said in the browser's language (the worker's English where no words came). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Preview } from '../../shared/preview';
import { mountPoint } from '../testing/mount';
import { speak } from '../testing/speak';
import { PreviewPanel } from './PreviewPanel';

const { container, render, unmount } = mountPoint();
const ENGLISH = 'Simulated without the transaction’s fees: a contract that reads the gas price or the base fee sees 0 here and may act otherwise on chain.';
const simulated = (more: Partial<Extract<Preview, { kind: 'simulated' }>>): Preview => ({ kind: 'simulated', changes: [], allowances: [], balance: '0', tokens: {}, ...more });
const limits = () => container.querySelector('[aria-label="Límites de la simulación"]')?.textContent;

describe('the simulation\'s limits', () => {
  afterEach(() => vi.restoreAllMocks());

  it('are said in the browser\'s language', async () => {
    speak('es');
    await render(<PreviewPanel state={{ loading: false, preview: simulated({ unmatched: ENGLISH, unmatchedWords: { key: 'preview_unmatchedFees' } }) }} fee={{ sponsor: 'app.example' }} />);
    expect(limits()).toContain('Simulado sin las comisiones de la transacción');
  });

  it('are the worker\'s English when a preview made before came without words', async () => {
    speak('es');
    await render(<PreviewPanel state={{ loading: false, preview: simulated({ unmatched: ENGLISH }) }} fee={{ sponsor: 'app.example' }} />);
    expect(limits()).toContain(ENGLISH);
  });

  it('and why there is no preview, in the browser\'s language; the worker\'s English for one made before the words', async () => {
    speak('ja');
    const preview: Preview = { kind: 'unavailable', reason: 'No preview: the node of Base is unreachable', reasonWords: { key: 'preview_nodeUnreachable', values: { network: 'Base' } }, tokens: {} };
    await render(<PreviewPanel state={{ loading: false, preview }} fee={{ sponsor: 'app.example' }} />);
    expect(container.querySelector('[aria-label="プレビュー"]')?.textContent).toContain('プレビューなし：Base のノードに接続できません');
    unmount();
    await render(<PreviewPanel state={{ loading: false, preview: { ...preview, reasonWords: undefined } }} fee={{ sponsor: 'app.example' }} />);
    expect(container.querySelector('[aria-label="プレビュー"]')?.textContent).toContain('No preview: the node of Base is unreachable');
  });
});
