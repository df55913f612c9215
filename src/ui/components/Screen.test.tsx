// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { Screen } from './Screen';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

async function siteShownFor(origin: string): Promise<string | null | undefined> {
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  await act(async () => root.render(<Screen title="Review" origin={origin} actions={null}>{null}</Screen>));
  const site = container.querySelector('[aria-label="Site"]')?.textContent;
  act(() => root.unmount());
  container.remove();
  return site;
}

describe('the approval header', () => {
  it('names the requesting site, and the wallet itself for its own requests', async () => {
    expect(await siteShownFor('https://dapp.example')).toBe('https://dapp.example');
    expect(await siteShownFor(location.origin)).toBe('Batch Wallet');
  });
});
