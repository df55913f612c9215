import { describe, expect, it } from 'vitest';
import { SETTINGS_DEFAULTS, logsRangeLimit } from './settings';

describe('the eth_getLogs block range limit', () => {
  it('is the stored one when it is a whole number of blocks', () => {
    expect(logsRangeLimit({ ...SETTINGS_DEFAULTS.settings, logsBlockRangeLimit: 500 })).toBe(500);
  });

  // A content script can write storage.local (Firefox): a limit BigInt cannot read made every site's eth_getLogs,
  // eth_getFilterLogs and log filter throw until a reset (no screen sets it).
  it.each([['text', 'planted'], ['a fraction', 1.5], ['below zero', -1], ['an object', {}]])('is the default when the stored one is %s', (_, planted) => {
    expect(logsRangeLimit({ ...SETTINGS_DEFAULTS.settings, logsBlockRangeLimit: planted as number })).toBe(2000);
  });
});
