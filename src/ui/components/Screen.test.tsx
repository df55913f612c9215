// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { Screen } from './Screen';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** What the header says of the site: its name, and whether it is marked as not secure. */
async function headerFor(origin: string): Promise<{ site?: string | null; connection?: string | null }> {
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  await act(async () => root.render(<Screen title="Review" origin={origin} actions={null}>{null}</Screen>));
  const header = container.querySelector('header');
  const shown = { site: header?.querySelector('[aria-label="Site"]')?.textContent, connection: header?.querySelector('[aria-label="Connection"]')?.textContent };
  act(() => root.unmount());
  container.remove();
  return shown;
}
const siteShownFor = async (origin: string) => (await headerFor(origin)).site;

describe('the approval header', () => {
  it('names the requesting site, and the wallet itself for its own requests', async () => {
    expect(await siteShownFor('https://dapp.example')).toBe('https://dapp.example');
    expect(await siteShownFor(location.origin)).toBe('Batch Wallet');
  });

  it('marks a site on plain http as "Not secure", unless it is on this machine (as browsers do)', async () => {
    expect(await headerFor('http://example.com')).toEqual({ site: 'http://example.com', connection: 'Not secure' });
    for (const origin of ['https://dapp.example', 'http://127.0.0.1:4173', 'http://localhost:3000', 'http://[::1]:8080', 'http://app.localhost', location.origin]) {
      expect((await headerFor(origin)).connection).toBeUndefined();
    }
  });
});
