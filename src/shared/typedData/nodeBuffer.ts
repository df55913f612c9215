/**
 * eth-sig-util's dependency @ethereumjs/util calls the Node global `Buffer`, which a browser (the service worker, a
 * page) does not have: give it the `buffer` package's. Imported before eth-sig-util is ever called.
 */
import { Buffer } from 'buffer';

const scope = globalThis as { Buffer?: unknown };
scope.Buffer ??= Buffer;
