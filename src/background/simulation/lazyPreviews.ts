/** The previews, with the simulation code evaluated on the first preview asked for rather than at the worker's start. */
import type { Previews } from './previews';

export function lazyPreviews(): Previews {
  let loading: Promise<Previews> | undefined;
  return {
    of: async (...args) => {
      loading ??= import('./previews').then(({ createPreviews }) => createPreviews());
      return (await loading).of(...args);
    },
  };
}
