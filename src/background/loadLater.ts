/**
 * The worker's later code (laterModules.ts), loaded on first use. The built worker has it in a script of its own,
 * `background-later.js`, that it compiles only when a request is first reviewed or previewed: Chrome's service worker
 * cannot `import()`, and runs `importScripts` after its installation only of the scripts it imported while
 * installing (hence `importLaterWhileInstalling`); Firefox's event page is a page, which adds it as a script element.
 * Unbuilt (tests), it is the modules themselves.
 */
import type * as LaterModules from './laterModules';

export type Later = typeof LaterModules;

/** Set by scripts/bundle.ts in the worker's build: the later script's file name. */
declare const __LATER_SCRIPT__: string | undefined;
/** Where laterChunk.ts puts the modules. */
export const LATER_GLOBAL = '__batchWalletLater';

type Scope = { [LATER_GLOBAL]?: Later; importScripts?: (url: string) => void; document?: Document; addEventListener?: typeof addEventListener };
const scope = globalThis as unknown as Scope;

let loading: Promise<Later> | undefined;

export function loadLater(): Promise<Later> {
  if (typeof __LATER_SCRIPT__ === 'undefined') return import('./laterModules');
  return (loading ??= fromScript(__LATER_SCRIPT__).catch((error: unknown) => {
    loading = undefined;
    throw error;
  }));
}

async function fromScript(file: string): Promise<Later> {
  if (!scope[LATER_GLOBAL]) {
    if (typeof scope.importScripts === 'function') scope.importScripts(file);
    else await addScript(file);
  }
  const later = scope[LATER_GLOBAL];
  if (!later) throw new Error(`${file} did not provide the worker's later code`);
  return later;
}

function addScript(file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = scope.document!.createElement('script');
    script.src = file;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`${file} failed to load`));
    scope.document!.head.append(script);
  });
}

/** In Chrome's service worker: imports the later script while the worker installs, so that later starts may import it. */
export function importLaterWhileInstalling(): void {
  if (typeof __LATER_SCRIPT__ === 'undefined' || typeof scope.importScripts !== 'function') return;
  const file = __LATER_SCRIPT__;
  scope.addEventListener?.('install', () => scope.importScripts!(file));
}
