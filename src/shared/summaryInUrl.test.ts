/** The first request's summary in the approval window's address: what the worker writes is read back as it was, anything else as nothing. */
import { describe, expect, it } from 'vitest';
import { summaryOf } from './approvalSummary';
import type { ApprovalView } from './approvals';
import { summaryFromHash, summaryHash } from './summaryInUrl';

const A = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const transaction = {
  id: '5b7f6c1e-0000-4000-8000-000000000001',
  type: 'sendTransaction',
  origin: 'https://dapp.example',
  details: { batchId: 'b', from: A, networkName: 'Local devnet', symbol: 'ETH', call: { to: A, value: '1', dataSize: 0 }, gasLimit: '21000', maxFees: { market: '1' } },
} as unknown as ApprovalView;
const connect = { id: 'c', type: 'connect', origin: 'https://x.example', details: {} } as ApprovalView;

const hashOf = (value: unknown) => `#first=${encodeURIComponent(JSON.stringify(value))}`;
const written = { id: 'a', type: 'signMessage', origin: 'https://dapp.example', title: 'requests_signMessageTitle', buttons: ['approval_reject', 'requests_sign'] };

describe('the summary in the approval window\'s address', () => {
  it('reads back the request, its site and the summary its screen shows (title, network, buttons: the keys of its words)', () => {
    expect(summaryFromHash(summaryHash(transaction))).toEqual({ id: transaction.id, type: 'sendTransaction', origin: 'https://dapp.example', ...summaryOf(transaction) });
    expect(summaryFromHash(summaryHash(transaction))).toMatchObject({ title: 'review_sendTitle', network: 'Local devnet', buttons: ['approval_reject', 'approval_approve'] });
  });

  it('keeps a site\'s own words as they were, markup and all (they are painted as text)', () => {
    const named = { ...transaction, details: { ...transaction.details, networkName: '<img src=x onerror=alert(1)>#first={}' } } as ApprovalView;
    expect(summaryFromHash(summaryHash(named))?.network).toBe('<img src=x onerror=alert(1)>#first={}');
  });

  it('is the whole hash: no other part of the address', () => {
    expect(summaryHash(connect)).toMatch(/^#first=[^#?]*$/);
  });

  const foreign: Record<string, string> = {
    'no hash': '',
    'another hash': '#settings',
    'another key': `#other=${encodeURIComponent(JSON.stringify(written))}`,
    'broken percent-encoding': '#first=%E0%A4%A',
    'not JSON': '#first=%7Bid',
    'JSON that is not an object': hashOf([written]),
    null: hashOf(null),
    'a field more': hashOf({ ...written, approved: true }),
    'no id': hashOf({ ...written, id: undefined }),
    'an empty title': hashOf({ ...written, title: '' }),
    'a title past the limit': hashOf({ ...written, title: 'x'.repeat(401) }),
    'a title in words rather than a key': hashOf({ ...written, title: 'Sign message' }),
    'a title that is a key of no outline': hashOf({ ...written, title: 'settings_title' }),
    'a number for a network': hashOf({ ...written, network: 1 }),
    'one button': hashOf({ ...written, buttons: ['requests_sign'] }),
    'three buttons': hashOf({ ...written, buttons: ['approval_reject', 'requests_sign', 'requests_sign'] }),
    'a button that is not text': hashOf({ ...written, buttons: ['approval_reject', { text: 'Sign' }] }),
    'a button in words rather than a key': hashOf({ ...written, buttons: ['approval_reject', 'Sign'] }),
    'a button key inherited by every object': hashOf({ ...written, buttons: ['approval_reject', 'constructor'] }),
    'an origin that is no address': hashOf({ ...written, origin: 'dapp.example' }),
    'an origin without a host': hashOf({ ...written, origin: 'data:text/html,hi' }),
  };
  for (const [name, hash] of Object.entries(foreign)) {
    it(`is nothing for ${name}`, () => expect(summaryFromHash(hash)).toBeUndefined());
  }

  it('and reads a well-formed one written by hand, so the cases above fail for their own reason', () => {
    expect(summaryFromHash(hashOf(written))).toEqual(written);
  });
});
