/** The previews, with the simulation code evaluated on the first preview asked for rather than at the worker's start. */
import type { createPreviews, Previews } from './previews';

/** `load`: the simulation's code, loaded when first asked (the worker's later script, loadLater.ts). */
export function lazyPreviews(load: () => Promise<{ createPreviews: typeof createPreviews }>): Previews {
  let loading: Promise<Previews> | undefined;
  return {
    of: async (...args) => {
      loading ??= load().then((later) => later.createPreviews());
      return (await loading).of(...args);
    },
  };
}
