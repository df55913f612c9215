import type { Erc20TokenPeriodicPermission, Erc20TokenStreamPermission, NativeTokenAllowancePermission, Populated } from '@metamask/7715-permission-types';
import { erc7715ProviderActions } from '@metamask/smart-accounts-kit/actions';
import { createClient, custom } from 'viem';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../errors';
import { MAX_UINT256, parseExecutionPermissionRequests, type Permission } from './executionPermissions';

const NOW = 1_800_000_000;
const TOKEN = '0x10078beE6813c04572224b652228177C0f7BF2CF';
const SESSION = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const USER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

/** What MetaMask's smart-accounts-kit sends for `requests` (its own conversion, caught at the transport). */
async function sentByKit(requests: Parameters<ReturnType<ReturnType<typeof erc7715ProviderActions>>['requestExecutionPermissions']>[0]): Promise<unknown> {
  let sent: unknown;
  const client = createClient({
    transport: custom({
      request: async ({ params }: { params: unknown }) => {
        sent = params;
        return [];
      },
    }),
  }).extend(erc7715ProviderActions());
  await client.requestExecutionPermissions(requests);
  return sent;
}

const invalid = (params: unknown) => {
  try {
    parseExecutionPermissionRequests(params, NOW);
  } catch (error) {
    return { code: (error as { code: number }).code, message: (error as Error).message };
  }
  throw new Error('accepted');
};

const periodic = (data: Record<string, unknown>, rules: unknown[] = []) => [{
  chainId: '0x7a69', to: SESSION, rules,
  permission: { type: 'erc20-token-periodic', isAdjustmentAllowed: true, data: { tokenAddress: TOKEN, periodAmount: '0x8ac7230489e80000', periodDuration: 86_400, ...data } },
}];

describe('wallet_requestExecutionPermissions params', () => {
  it('takes what the kit sends for an erc20-token-periodic grant with an expiry, and fills what it left out', async () => {
    const params = await sentByKit([{
      chainId: 31337, to: SESSION, expiry: NOW + 86_400 * 7,
      permission: { type: 'erc20-token-periodic', isAdjustmentAllowed: true, data: { tokenAddress: TOKEN, periodAmount: 10n * 10n ** 18n, periodDuration: 86_400, justification: 'Daily API credits' } },
    }]);
    expect(parseExecutionPermissionRequests(params, NOW)).toEqual([{
      chainId: '0x7a69', to: SESSION, rules: [{ type: 'expiry', data: { timestamp: NOW + 86_400 * 7 } }],
      permission: { type: 'erc20-token-periodic', isAdjustmentAllowed: true, data: { tokenAddress: TOKEN, periodAmount: '0x8ac7230489e80000', periodDuration: 86_400, justification: 'Daily API credits', startTime: NOW } },
    }]);
  });

  it('takes the kit’s stream, native and allowance types, with redeemer and payee rules', async () => {
    const params = await sentByKit([
      { chainId: 31337, from: USER, to: SESSION, redeemer: [SESSION], permission: { type: 'native-token-stream', isAdjustmentAllowed: false, data: { amountPerSecond: 1000n, initialAmount: 5n, maxAmount: 10n ** 18n, startTime: NOW + 60 } } },
      { chainId: 31337, to: SESSION, payee: [USER], permission: { type: 'erc20-token-allowance', isAdjustmentAllowed: true, data: { tokenAddress: TOKEN, allowanceAmount: 7n } } },
    ]);
    const [stream, allowance] = parseExecutionPermissionRequests(params, NOW);
    expect(stream).toMatchObject({ from: USER, rules: [{ type: 'redeemer', data: { addresses: [SESSION] } }], permission: { type: 'native-token-stream', data: { amountPerSecond: '0x3e8', initialAmount: '0x5', maxAmount: '0xde0b6b3a7640000', startTime: NOW + 60, justification: '' } } });
    expect(allowance).toMatchObject({ rules: [{ type: 'payee', data: { addresses: [USER] } }], permission: { data: { allowanceAmount: '0x7', startTime: NOW } } });
  });

  it('parses into the types’ own populated shapes (the caveat builders take them)', () => {
    const [request] = parseExecutionPermissionRequests(periodic({}), NOW);
    const asTyped = (permission: Permission) => {
      if (permission.type === 'erc20-token-periodic') return permission satisfies Populated<Erc20TokenPeriodicPermission>;
      if (permission.type === 'erc20-token-stream') return permission satisfies Populated<Erc20TokenStreamPermission>;
      if (permission.type === 'native-token-allowance') return permission satisfies Populated<NativeTokenAllowancePermission>;
      return permission;
    };
    expect(asTyped(request.permission)).toBe(request.permission);
    const [stream] = parseExecutionPermissionRequests([{ ...periodic({})[0], permission: { type: 'erc20-token-stream', isAdjustmentAllowed: true, data: { tokenAddress: TOKEN, amountPerSecond: '0x1' } } }], NOW);
    expect(stream.permission.data).toMatchObject({ initialAmount: '0x0', maxAmount: MAX_UINT256 });
  });

  it('takes a start time a page’s clock puts a little before the wallet’s', () => {
    expect(parseExecutionPermissionRequests(periodic({ startTime: NOW - 60 }), NOW)[0].permission.data.startTime).toBe(NOW - 60);
  });

  it.each([
    ['an expiry that has passed', periodic({}, [{ type: 'expiry', data: { timestamp: NOW - 1 } }]), /expiry .* has passed/],
    ['a zero amount', periodic({ periodAmount: '0x0' }), /periodAmount must be above zero/],
    ['a negative amount', periodic({ periodAmount: '-0x1' }), /periodAmount must be a hex number/],
    ['a zero period', periodic({ periodDuration: 0 }), /periodDuration must be a positive whole number/],
    ['a negative period', periodic({ periodDuration: -86_400 }), /periodDuration must be a positive whole number/],
    ['a period above ten years', periodic({ periodDuration: 11 * 365 * 86_400 }), /at most ten years/],
    ['a token that is no address', periodic({ tokenAddress: 'USDC' }), /tokenAddress must be a 20-byte hex address/],
    ['an unknown rule', periodic({}, [{ type: 'gas-limit', data: {} }]), /"gas-limit" is not a rule this wallet grants/],
    ['a rule twice', periodic({}, [{ type: 'expiry', data: { timestamp: NOW + 10 } }, { type: 'expiry', data: { timestamp: NOW + 20 } }]), /names a rule type twice/],
    ['an empty redeemer list', periodic({}, [{ type: 'redeemer', data: { addresses: [] } }]), /must list 1 to 16 addresses/],
    ['an unknown type', [{ ...periodic({})[0], permission: { type: 'erc20-token-unlimited', isAdjustmentAllowed: true, data: {} } }], /"erc20-token-unlimited" is not a permission type/],
    ['no isAdjustmentAllowed', [{ ...periodic({})[0], permission: { type: 'erc20-token-periodic', data: {} } }], /isAdjustmentAllowed must be a boolean/],
    ['the granting account as the session account', [{ ...periodic({})[0], from: SESSION.toLowerCase() }], /granting account itself/],
    ['a stream whose cap is not above its initial amount', [{ ...periodic({})[0], permission: { type: 'native-token-stream', isAdjustmentAllowed: true, data: { amountPerSecond: '0x1', initialAmount: '0x5', maxAmount: '0x5' } } }], /maxAmount must be above initialAmount/],
    ['no params', [], /expects 1 to 4 params/],
    ['an ERC-20 payee rule of two addresses', periodic({}, [{ type: 'payee', data: { addresses: [USER, SESSION] } }]), /payee rule names one address, got 2/],
    ['a start after the year 9999', periodic({ startTime: 253_402_300_800 }), /at most 253402300799/],
    ['a chain id with leading zeros', [{ ...periodic({})[0], chainId: '0x07a69' }], /chainId must be a hex chain id/],
    // The DelegationManager lets anyone redeem a delegation to ANY_DELEGATE (0xa11); the screen would show an address.
    ['the framework’s any-delegate as the session account', [{ ...periodic({})[0], to: '0x0000000000000000000000000000000000000a11' }], /lets anyone redeem/],
    // Multicall3 (the same address on every chain) calls anything for anyone: through it, anyone who saw the permission context redeems.
    ['Multicall3 as the session account', [{ ...periodic({})[0], to: '0xcA11bde05977b3631167028862bE2a173976CA11' }], /Multicall3, which calls for anyone/],
    ['Multicall3 as the session account, in lower case', [{ ...periodic({})[0], to: '0xca11bde05977b3631167028862be2a173976ca11' }], /Multicall3, which calls for anyone/],
    ['address zero as the session account', [{ ...periodic({})[0], to: '0x0000000000000000000000000000000000000000' }], /address zero/],
    // Back-dated, a stream has accrued (all of it spendable at once) and a period ends early: neither is what the screen says.
    ['a start time that has passed', periodic({ startTime: NOW - 3600 }), /startTime .* has passed/],
    ['a stream that started a year ago', [{ ...periodic({})[0], permission: { type: 'erc20-token-stream', isAdjustmentAllowed: false, data: { tokenAddress: TOKEN, amountPerSecond: '0x1', startTime: NOW - 365 * 86_400 } } }], /startTime .* has passed/],
  ])('refuses %s with -32602', (_, params, message) => {
    expect(invalid(params)).toEqual({ code: ErrorCode.invalidParams, message: expect.stringMatching(message) });
  });
});
