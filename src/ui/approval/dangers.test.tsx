// @vitest-environment happy-dom
/** A danger made in the worker shows in the browser's language when it carries its words, else as its English message. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Danger } from '../../shared/dangers';
import { mountPoint } from '../testing/mount';
import { speak } from '../testing/speak';
import { Dangers } from './Dangers';

const { container, render } = mountPoint();
afterEach(() => vi.restoreAllMocks());

const HASH: Danger = {
  kind: 'hashMessage', tone: 'danger', confirm: true,
  message: 'This is a 32-byte hash, not a message: you cannot see what it stands for. Signing a hash can authorize a transaction, an order or a permit.',
  words: { key: 'dangers_hashMessage' },
};
const SPENDER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const NEW_SPENDER: Danger = {
  kind: 'spenderNew', tone: 'warn', message: `Spender ${SPENDER} is a contract created in the last 7 days.`,
  words: { key: 'dangers_spenderNew', values: { label: '<b>Spender</b>', address: SPENDER } },
};

describe('the dangers in the browser’s language', () => {
  it('say a danger’s words in Spanish, what the page wrote shown as text', async () => {
    speak('es');
    await render(<Dangers dangers={[HASH, NEW_SPENDER]} />);
    const text = container.textContent ?? '';
    expect(text).toContain('Esto es un hash de 32 bytes');
    expect(text).toContain(`<b>Spender</b> ${SPENDER}`);
    expect(container.querySelector('b')).toBeNull();
  });

  it('say a list of values as the language joins it, and the Uniswap steps the wallet cannot read, each in Spanish', async () => {
    speak('es');
    const [zero, one] = ['0x0000000000000000000000000000000000000000', '0x0000000000000000000000000000000000000001'];
    const mismatch: Danger = {
      kind: 'notAsDescribed', tone: 'danger', confirm: true, message: `Receiver is ${SPENDER}, but its description expects ${zero} or ${one}: …`,
      words: { key: 'dangers_notAsDescribed', values: { label: 'Receiver', text: SPENDER, allowed: { list: [zero, one], join: 'or' } } },
    };
    const command = (n: string) => ({ key: 'dangers_stepCommand', values: { number: n } });
    const unread: Danger = {
      kind: 'planUnread', tone: 'danger', confirm: true, message: 'This router call does something the wallet cannot read. …',
      words: {
        key: 'dangers_planUnreadRouter',
        values: {
          steps: {
            join: 'and',
            list: [
              { key: 'dangers_stepUnreadByte', values: { label: command('1'), byte: '0x1f', reason: { key: 'dangers_unreadUnknown' } } },
              { key: 'dangers_stepUnreadByte', values: { label: { key: 'dangers_stepWithin', values: { outer: command('2'), step: { key: 'dangers_stepAction', values: { number: '1' } } } }, byte: '0x0a', reason: { key: 'dangers_unreadExtraBytes', values: { bytes: { key: 'dangers_countBytes', values: { count: '3' } } } } } },
            ],
          },
        },
      },
    };
    await render(<Dangers dangers={[mismatch, unread]} />);
    const text = container.textContent ?? '';
    expect(text).toContain(`Receiver es ${SPENDER}, pero su descripción espera ${zero} o ${one}:`);
    expect(text).toContain('Esta llamada al router hace algo que la billetera no puede leer. Comando 1 (0x1f): un comando que la billetera no conoce y Comando 2 › Acción 1 (0x0a): su entrada tiene 3 bytes después de sus argumentos.');
  });

  it('show the English message of a danger without words', async () => {
    speak('es');
    await render(<Dangers dangers={[{ kind: 'notDescribed', tone: 'warn', message: 'The wallet could not review this message (boom): it is shown as it is.' }]} />);
    expect(container.textContent).toContain('The wallet could not review this message (boom): it is shown as it is.');
  });
});
