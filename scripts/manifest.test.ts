import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const manifest = JSON.parse(readFileSync(resolve(import.meta.dirname, '../manifest.json'), 'utf8'));
const directives = (policy: string): Record<string, string[]> =>
  Object.fromEntries(policy.split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([name, ...values]) => [name, values]));

describe('the extension pages\' content security policy', () => {
  it('loads images only from the extension and data: URLs (a remote token logo would reveal the user\'s IP)', () => {
    const policy = directives(manifest.content_security_policy.extension_pages);
    expect(policy['img-src']).toEqual(["'self'", 'data:']);
    expect(policy['script-src']).toEqual(["'self'"]);
  });
});

describe('the extension\'s pages', () => {
  it('are not web-accessible: no site opens or frames approval.html, so only the worker sets its address (the summary it paints first, shared/summaryInUrl.ts)', () => {
    expect(manifest.web_accessible_resources).toBeUndefined();
  });
});
