import { describe, expect, it } from 'vitest';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { TRUSTED_SITES_DEFAULTS, createTrustedSites } from './trustedSites';

const LISTED = 'https://listed.example';

/**
 * Items a page's content script can put in the list (storage.local, Firefox). An object among them was handed to the
 * popup's Sites (on Home and in Settings), which rendered it as a child and threw; Stop trusting could not name it.
 */
const JUNK: unknown[] = [null, 7, { origin: LISTED }, ['https://other.example']];

async function planted() {
  const local = typedStorage(memoryBackend(), TRUSTED_SITES_DEFAULTS);
  await local.set('phishingListTrusted', [...JUNK, LISTED] as string[]);
  return { local, trusted: createTrustedSites(local) };
}

describe('the sites trusted despite the phishing list, with items planted among them', () => {
  it('lists only the origins', async () => {
    const { trusted } = await planted();
    expect(await trusted.list()).toEqual([LISTED]);
    expect(await trusted.isTrusted(LISTED)).toBe(true);
  });

  it('drops the planted items as the list is written', async () => {
    const { local, trusted } = await planted();
    await trusted.distrust(LISTED);
    expect(await local.get('phishingListTrusted')).toEqual([]);
  });

  it('trusts an origin only as the browser writes it (no other casing)', async () => {
    const local = typedStorage(memoryBackend(), TRUSTED_SITES_DEFAULTS);
    await local.set('phishingListTrusted', ['https://LISTED.example']);
    expect(await createTrustedSites(local).isTrusted(LISTED)).toBe(false);
  });
});
