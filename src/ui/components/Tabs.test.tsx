// @vitest-environment happy-dom
/** Home's sections: the first few in the row, the rest behind a *More* button that reads as the section shown. */
import { act, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { mountPoint } from '../testing/mount';
import { Tabs, type Tab } from './Tabs';

type Key = 'a' | 'b' | 'c' | 'd';
const tabs: Tab<Key>[] = (['a', 'b', 'c', 'd'] as const).map((key) => ({ key, label: `Tab ${key}`, content: () => <section aria-label={`Panel ${key}`} /> }));

function Sections() {
  const [selected, setSelected] = useState<Key>('a');
  return <Tabs<Key> label="Sections" tabs={tabs} selected={selected} onSelect={setSelected} inRow={2} />;
}

describe('Tabs', () => {
  const { container, render } = mountPoint();
  const buttons = () => [...container.querySelectorAll('button')].map((b) => b.getAttribute('aria-label') ?? b.textContent);
  const button = (name: string) => [...container.querySelectorAll('button')].find((b) => (b.getAttribute('aria-label') ?? b.textContent) === name)!;
  const click = (name: string) => act(async () => button(name).click());

  it('shows the first sections in the row and the rest once More is opened', async () => {
    await render(<Sections />);
    expect(buttons()).toEqual(['Tab a', 'Tab b', 'More sections']);
    expect(button('More sections').getAttribute('aria-expanded')).toBe('false');
    await click('More sections');
    expect(buttons()).toEqual(['Tab a', 'Tab b', 'More sections', 'Tab c', 'Tab d']);
    expect(button('More sections').getAttribute('aria-expanded')).toBe('true');
  });

  it('shows a section chosen from More, closes the menu and names that section on the button', async () => {
    await render(<Sections />);
    await click('More sections');
    await click('Tab d');
    expect(container.querySelector('section')?.getAttribute('aria-label')).toBe('Panel d');
    expect(buttons()).toEqual(['Tab a', 'Tab b', 'More sections']);
    expect(button('More sections').textContent).toBe('Tab d ▾');
    expect(button('Tab a').getAttribute('aria-pressed')).toBe('false');
  });

  it('closes the menu on Escape', async () => {
    await render(<Sections />);
    await click('More sections');
    await act(async () => button('Tab c').dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(buttons()).toEqual(['Tab a', 'Tab b', 'More sections']);
  });

  it('closes the menu when the focus leaves it, not when it moves within it', async () => {
    await render(<Sections />);
    await click('More sections');
    const leave = (from: string, to: Element | null) => act(async () => button(from).dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: to })));
    await leave('More sections', button('Tab c'));
    expect(buttons()).toContain('Tab c');
    await leave('Tab c', null);
    expect(buttons()).toContain('Tab c');
    await leave('Tab c', button('Tab a'));
    expect(buttons()).toEqual(['Tab a', 'Tab b', 'More sections']);
  });

  it('closes the menu on a press elsewhere, not on one inside it', async () => {
    await render(<Sections />);
    await click('More sections');
    const press = (on: Element) => act(async () => on.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true })));
    await press(button('Tab c'));
    expect(buttons()).toContain('Tab c');
    await press(document.body);
    expect(buttons()).toEqual(['Tab a', 'Tab b', 'More sections']);
  });
});
