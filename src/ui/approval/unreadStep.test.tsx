// @vitest-environment happy-dom
/** A Uniswap step the wallet does not read is listed under the call: its heading says why in the browser's language. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClearSigned as ClearSignedView } from '../../shared/erc7730/types';
import { mountPoint } from '../testing/mount';
import { speak } from '../testing/speak';
import { ClearSigned } from './ClearSigned';

const { container, render } = mountPoint();
afterEach(() => vi.restoreAllMocks());

const UNREAD: ClearSignedView = {
  intent: 'Not read by the wallet: its input has 3 bytes after its arguments',
  intentWords: { key: 'dangers_stepNotRead', values: { reason: { key: 'dangers_unreadExtraBytes', values: { bytes: { key: 'dangers_countBytes', values: { count: '3' } } } } } },
  source: 'calldata-uniswap-router.json',
  fields: [],
  uncovered: [{ path: 'command', text: '0x0b' }, { path: 'input', text: '0x1234' }],
};

describe('a step the wallet does not read', () => {
  it('says why in Spanish', async () => {
    speak('es');
    await render(<ClearSigned clear={UNREAD} />);
    expect(container.querySelector('h2')?.textContent).toBe('La billetera no lo lee: su entrada tiene 3 bytes después de sus argumentos');
  });

  it('shows the intent as written when it has no words (a record from before them)', async () => {
    speak('es');
    await render(<ClearSigned clear={{ ...UNREAD, intentWords: undefined }} />);
    expect(container.querySelector('h2')?.textContent).toBe(UNREAD.intent);
  });
});
