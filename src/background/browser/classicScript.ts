/**
 * The worker's classic scripts beside background.js, each loaded on first use and handing its code over as a global:
 * Chrome's service worker cannot `import()`, and runs `importScripts` after its installation only of the scripts it
 * imported while installing (hence `importWhileInstalling`); Firefox's event page is a page, which adds a script element.
 */
type Scope = { importScripts?: (...urls: string[]) => void; document?: Document; addEventListener?: typeof addEventListener };
const scope = globalThis as unknown as Scope & Record<string, unknown>;

/**
 * The loads under way, kept on the global scope: the first script and the later one each bundle a copy of this module
 * (the later script's code loads ethers' ABI code too), and two copies of a script element would run its code twice.
 */
export const LOADING = Symbol.for('batchwallet.classicScripts');
const loading = ((globalThis as { [LOADING]?: Map<string, Promise<unknown>> })[LOADING] ??= new Map());

/** What script `file` puts in `global`, loaded once; a failed load is forgotten, so the next use tries again. */
export function loadClassicScript<T>(file: string, global: string): Promise<T> {
  let loaded = loading.get(file);
  if (!loaded) {
    loaded = fromScript(file, global).catch((error: unknown) => {
      loading.delete(file);
      throw error;
    });
    loading.set(file, loaded);
  }
  return loaded as Promise<T>;
}

async function fromScript(file: string, global: string): Promise<unknown> {
  if (!scope[global]) {
    if (typeof scope.importScripts === 'function') scope.importScripts(file);
    else await addScript(file);
  }
  const code = scope[global];
  if (!code) throw new Error(`${file} did not define ${global}`);
  return code;
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

/** In Chrome's service worker: imports `files` while the worker installs, so that later starts may import them. Unbuilt (undefined), nothing. */
export function importWhileInstalling(files: (string | undefined)[]): void {
  const built = files.filter((file): file is string => file !== undefined);
  if (built.length === 0 || typeof scope.importScripts !== 'function') return;
  scope.addEventListener?.('install', () => scope.importScripts!(...built));
}
