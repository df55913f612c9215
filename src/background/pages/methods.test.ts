/** The extension pages' methods (getValues, deviceSigned, addLedgerAccounts, …) are out of every site's reach. */
import { describe, expect, it } from 'vitest';
import { pageMethods } from './methods';
import { testServices } from '../testing';
import { runRequest } from '../rpc/pipeline';

const SITE = 'https://dapp.example';

describe('a site asking for a page method', () => {
  it('gets 4200 for each, as for any unknown method', async () => {
    const { services } = testServices();
    const names = Object.keys(pageMethods);
    expect(names).toContain('getValues');
    for (const [i, method] of names.entries()) {
      const answer = await runRequest({ method, params: [{}] }, { origin: SITE, method, replyTo: { tabId: 1, frameId: 0, origin: SITE, requestId: String(i) }, services });
      expect({ method, answer }).toMatchObject({ method, answer: { error: { code: 4200 } } });
    }
  });
});
