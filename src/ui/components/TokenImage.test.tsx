// @vitest-environment happy-dom
/** A token's icon: its own data: logo when it has one, else its first letters on a circle whose colour is its address's. */
import { describe, expect, it } from 'vitest';
import { mountPoint } from '../testing/mount';
import { TokenImage } from './TokenImage';

const LOGO = 'data:image/svg+xml;base64,PHN2Zy8+';
const ONE = '0x10078beE6813c04572224b652228177C0f7BF2CF';
const TWO = '0x10078bEE6813C04572224B652228177c0F7bf2cE';

describe('TokenImage', () => {
  const { container, render, unmount } = mountPoint();
  const initials = () => container.querySelector<HTMLElement>('.token-initials');

  it('shows the token\'s logo when it has one', async () => {
    await render(<TokenImage image={LOGO} symbol="TST" address={ONE} />);
    expect([container.querySelector('img')?.getAttribute('alt'), initials()]).toEqual(['TST logo', null]);
  });

  it('never loads a remote logo: its letters instead', async () => {
    await render(<TokenImage image="https://example.com/tst.png" symbol="TST" address={ONE} />);
    expect([container.querySelector('img'), initials()?.textContent]).toEqual([null, 'TST']);
  });

  it('gives two tokens of the same symbol different colours, each the same in every letter case', async () => {
    const colour = async (address: string) => {
      await render(<TokenImage symbol="USDC" address={address} />);
      const style = initials()!.style.getPropertyValue('--hue');
      unmount();
      return style;
    };
    const [one, two, oneLower] = [await colour(ONE), await colour(TWO), await colour(ONE.toLowerCase())];
    expect(one).not.toBe('');
    expect(one).not.toBe(two);
    expect(oneLower).toBe(one);
  });
});
