/**
 * The part of Node's EventEmitter that dapps and libraries call on a provider (on, once, off, removeAllListeners,
 * listenerCount, listeners). A listener that throws is logged and does not keep the others from hearing the event.
 */
export type Listener = (...args: unknown[]) => void;

interface Registration {
  listener: Listener;
  once: boolean;
}

export class ProviderEmitter {
  private readonly registrations = new Map<string, Registration[]>();

  on(event: string, listener: Listener): this {
    return this.add(event, listener, false);
  }

  addListener(event: string, listener: Listener): this {
    return this.add(event, listener, false);
  }

  once(event: string, listener: Listener): this {
    return this.add(event, listener, true);
  }

  /** Removes the latest registration of `listener`, as Node's EventEmitter does. */
  removeListener(event: string, listener: Listener): this {
    const list = this.registrations.get(event) ?? [];
    const index = list.findLastIndex((registration) => registration.listener === listener);
    if (index >= 0) list.splice(index, 1);
    return this;
  }

  off(event: string, listener: Listener): this {
    return this.removeListener(event, listener);
  }

  removeAllListeners(event?: string): this {
    if (event === undefined) this.registrations.clear();
    else this.registrations.delete(event);
    return this;
  }

  listenerCount(event: string): number {
    return this.registrations.get(event)?.length ?? 0;
  }

  listeners(event: string): Listener[] {
    return (this.registrations.get(event) ?? []).map((registration) => registration.listener);
  }

  protected emit(event: string, data: unknown): void {
    const list = this.registrations.get(event) ?? [];
    this.registrations.set(event, list.filter((registration) => !registration.once));
    for (const { listener } of list) {
      try {
        listener(data);
      } catch (error) {
        console.error(`[wallet] ${event} listener threw`, error);
      }
    }
  }

  /** Called when a listener is added: someone listens from now on. */
  protected listened(): void {}

  private add(event: string, listener: Listener, once: boolean): this {
    if (typeof listener !== 'function') throw new TypeError(`The ${event} listener must be a function`);
    this.registrations.set(event, [...(this.registrations.get(event) ?? []), { listener, once }]);
    this.listened();
    return this;
  }
}
