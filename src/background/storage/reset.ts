/**
 * Every slice back to its default, through the same typed storage the domains use (a fresh install's state). Each key
 * is written through its update queue: a change already queued lands first and is then overwritten, never after.
 */
import type { TypedStorage } from './typedStorage';

export async function resetToDefaults<Schema extends object>(storage: TypedStorage<Schema>, defaults: Schema): Promise<void> {
  const keys = Object.keys(defaults) as (keyof Schema & string)[];
  await Promise.all(keys.map((key) => storage.update(key, () => defaults[key])));
}
