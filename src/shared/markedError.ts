/**
 * An error class whose `instanceof` holds across the worker's scripts: each bundles its own copy of a module two of them
 * import, so a class is a class per script, and what one script's copy threw is no instance of the other's
 * (scripts/sharedState.ts). An instance carries the `Symbol.for` mark of its name, which every copy makes alike.
 */
export function markedError(name: string): new (message: string) => Error {
  const mark = Symbol.for(`batchwallet.${name}`);
  return class extends Error {
    static [Symbol.hasInstance](value: unknown): boolean {
      return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[mark] === true;
    }

    constructor(message: string) {
      super(message);
      this.name = name;
      (this as unknown as Record<symbol, boolean>)[mark] = true;
    }
  };
}
