/** Every slice back to its default, through the same typed storage the domains use (a fresh install's state). */
import type { TypedStorage } from './typedStorage';

export async function resetToDefaults<Schema extends object>(storage: TypedStorage<Schema>, defaults: Schema): Promise<void> {
  for (const key of Object.keys(defaults) as (keyof Schema & string)[]) await storage.set(key, defaults[key]);
}
