import { describe, expect, it, vi } from 'vitest';
import { ProviderEmitter } from './emitter';

class Emitter extends ProviderEmitter {
  fire(event: string, data: unknown): void {
    this.emit(event, data);
  }
}

describe('the provider’s EventEmitter surface', () => {
  it('once hears one event; off, removeAllListeners, listenerCount and listeners', () => {
    const emitter = new Emitter();
    const heard: unknown[] = [];
    const each = (data: unknown) => heard.push(['each', data]);
    const first = (data: unknown) => heard.push(['once', data]);
    emitter.on('chainChanged', each).once('chainChanged', first);
    expect(emitter.listenerCount('chainChanged')).toBe(2);
    expect(emitter.listeners('chainChanged')).toEqual([each, first]);
    emitter.fire('chainChanged', '0x1');
    emitter.fire('chainChanged', '0x2');
    expect(heard).toEqual([['each', '0x1'], ['once', '0x1'], ['each', '0x2']]);
    emitter.off('chainChanged', each);
    expect(emitter.listenerCount('chainChanged')).toBe(0);
    emitter.on('a', each).on('b', each).removeAllListeners('a');
    expect([emitter.listenerCount('a'), emitter.listenerCount('b')]).toEqual([0, 1]);
    emitter.removeAllListeners();
    expect(emitter.listenerCount('b')).toBe(0);
  });

  it('a listener that throws does not keep the others from hearing the event', () => {
    const emitter = new Emitter();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const after = vi.fn();
    emitter.on('accountsChanged', () => {
      throw new Error('dapp bug');
    }).on('accountsChanged', after);
    emitter.fire('accountsChanged', []);
    expect(after).toHaveBeenCalledWith([]);
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
  });
});
