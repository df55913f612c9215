// @vitest-environment happy-dom
// @vitest-environment-options {"url": "https://dapp.example/"}
/**
 * What the page's script does at injection into a subframe (most are ads and embeds that never use the wallet):
 * announce the provider (EIP-6963) and set window.ethereum, nothing more.
 */
import { describe, expect, it, vi } from 'vitest';

// happy-dom has no window.origin.
Object.defineProperty(window, 'origin', { value: 'https://dapp.example', configurable: true });

interface Announced {
  info: { uuid: string; name: string; rdns: string };
  provider: unknown;
}
const announced: Announced[] = [];
window.addEventListener('eip6963:announceProvider', (event) => announced.push((event as CustomEvent<Announced>).detail));
vi.spyOn(window, 'top', 'get').mockReturnValue({} as Window);
const random = vi.spyOn(crypto, 'getRandomValues');
const listen = vi.spyOn(window, 'addEventListener');
await import('./index');
const randomAtInjection = random.mock.calls.length;
const listenedAtInjection = listen.mock.calls.map(([type]) => type);

describe('the page script at injection into a subframe', () => {
  it('announces the provider, frozen, and sets window.ethereum to it', () => {
    expect(announced).toHaveLength(1);
    const [{ info, provider }] = announced;
    expect(Object.isFrozen(announced[0])).toBe(true);
    expect(Object.isFrozen(info)).toBe(true);
    expect(info.rdns).toMatch(/\./);
    expect((window as unknown as { ethereum: unknown }).ethereum).toBe(provider);
  });

  it('draws no random bytes in a frame that never reads the uuid: a frame\'s first use of crypto costs ~0.1 ms', () => {
    expect(randomAtInjection).toBe(0);
  });

  it('listens for the announcement\'s request only: its own messages come once its page uses it', () => {
    expect(listenedAtInjection).toEqual(['eip6963:requestProvider']);
  });

  it('gives the same version-4 uuid at every read and every announcement', () => {
    const { uuid } = announced[0].info;
    expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(announced[0].info.uuid).toBe(uuid);
    window.dispatchEvent(new Event('eip6963:requestProvider'));
    expect(announced).toHaveLength(2);
    expect(announced[1].info.uuid).toBe(uuid);
    expect({ ...announced[1].info }.uuid).toBe(uuid);
  });
});
