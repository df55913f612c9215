/** The keys of the English catalogues, the ones every other language must have (scripts/catalogues.test.ts). */
import type common from './en/common.json';
import type manifest from './en/manifest.json';

export type MessageKey = keyof typeof common | keyof typeof manifest;
