// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { mountPoint } from '../testing/mount';
import { Message } from './Message';
import { t, tCount } from './t';

const screen = mountPoint();

describe('messages', () => {
  it('fill named placeholders from the English catalogue, as the browser does', () => {
    expect(t('common_back')).toBe('Back');
    expect(tCount({ one: 'common_calls_one', other: 'common_calls_other' }, 1)).toBe('1 call');
    expect(tCount({ one: 'common_calls_one', other: 'common_calls_other' }, 1200)).toBe('1,200 calls');
  });

  it('place elements where the language puts their placeholders', async () => {
    const container = await screen.render(<Message id="common_sentTo" values={{ amount: <b>0.1 ETH</b>, to: <code>0x6610…522D</code> }} />);
    expect(container.innerHTML).toBe('Sent <b>0.1 ETH</b> to <code>0x6610…522D</code>');
  });
});
