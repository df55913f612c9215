/** Plain HTTP replies and files served from one folder, for the demo dapp's server and the e2e test-dapp's. */
import { readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize } from 'node:path';

export const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

const TEXT = 'text/plain; charset=utf-8';

export function send(response: ServerResponse, status: number, contentType: string, body: string | Buffer, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'Content-Type': contentType, 'Cache-Control': 'no-store', ...headers });
  response.end(body);
}

/** The file at URL `path` under `root` (index.html for "/"); 404 outside `root` or for a type not listed above. */
export async function sendFile(response: ServerResponse, root: string, path: string): Promise<void> {
  const file = normalize(join(root, path === '/' ? 'index.html' : decodeURIComponent(path)));
  const type = CONTENT_TYPES[extname(file)];
  if (!file.startsWith(root) || !type) return send(response, 404, TEXT, `Not found: ${path}`);
  try {
    send(response, 200, type, await readFile(file));
  } catch {
    send(response, 404, TEXT, `Not found: ${path}`);
  }
}
