/** The bytes each of the extension's contexts loads, read from the built extension (nothing runs). */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { bytesOf, pageFiles } from '../scripts/pageBytes';

export function contextBytes(extension: string): Record<string, number> {
  const file = (name: string) => statSync(join(extension, name)).size;
  return {
    'background.js (the worker, each start)': file('background.js'),
    'background-later.js (first review or preview)': file('background-later.js'),
    'background-abi.js (first call encoded or decoded)': file('background-abi.js'),
    'content.js (every frame)': file('content.js'),
    'inpage.js (every frame)': file('inpage.js'),
    'popup (all of it)': bytesOf(extension, pageFiles(extension, 'popup.html', { dynamic: true })),
    'approval window before its first paint': bytesOf(extension, pageFiles(extension, 'approval.html')),
    'approval window, all of it': bytesOf(extension, pageFiles(extension, 'approval.html', { dynamic: true })),
  };
}
