// @vitest-environment happy-dom
/** What a simulation could not reproduce, said in the browser's language (the worker's English where no words came). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Preview } from '../../shared/preview';
import { mountPoint } from '../testing/mount';
import { speak } from '../testing/speak';
import { PreviewPanel } from './PreviewPanel';

const { container, render } = mountPoint();
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
});
