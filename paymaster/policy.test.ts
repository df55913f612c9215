import { Interface, solidityPacked, AbiCoder } from 'ethers';
import { describe, expect, it } from 'vitest';
import { DEVNET_POLICY_FILE } from '../devnet/constants';
import { DELEGATOR_V08, SIMPLE_7702_ACCOUNT } from '../src/shared/contracts';
import { configFromCommandLine } from './config';
import { maxCost } from './budget';
import { callTargets, loadPolicy } from './policy';
import { parseUserOperation } from './userOp';

const account = new Interface([
  'function execute(address target, uint256 value, bytes data)',
  'function executeBatch((address target, uint256 value, bytes data)[] calls)',
]);
/** The DeleGator's ERC-7821 execute and the ERC-7579 modes, written out here rather than taken from the code under test. */
const erc7821 = new Interface(['function execute(bytes32 mode, bytes executionCalldata)']);
const SINGLE_MODE = `0x${'00'.repeat(32)}`;
const BATCH_MODE = `0x01${'00'.repeat(31)}`;
const TRY_BATCH_MODE = `0x0101${'00'.repeat(30)}`;
const DELEGATECALL_MODE = `0xff${'00'.repeat(31)}`;
const BATCH_WITH_SELECTOR_MODE = `0x0100${'00'.repeat(4)}12345678${'00'.repeat(22)}`;
const deleGatorSingle = (target: string, value: bigint, data: string) =>
  erc7821.encodeFunctionData('execute', [SINGLE_MODE, solidityPacked(['address', 'uint256', 'bytes'], [target, value, data])]);
const deleGatorBatch = (...calls: [string, bigint, string][]) =>
  erc7821.encodeFunctionData('execute', [BATCH_MODE, AbiCoder.defaultAbiCoder().encode(['(address,uint256,bytes)[]'], [calls])]);
const A = '0x1111111111111111111111111111111111111111';
const B = '0x2222222222222222222222222222222222222222';

describe('callTargets', () => {
  it('decodes Simple7702Account execute and executeBatch, and nothing else', () => {
    expect(callTargets(account.encodeFunctionData('execute', [A, 1n, '0x1234']), SIMPLE_7702_ACCOUNT)).toEqual([A]);
    expect(callTargets(account.encodeFunctionData('executeBatch', [[[A, 0n, '0x'], [B, 5n, '0xabcd']]]), SIMPLE_7702_ACCOUNT)).toEqual([A, B]);
    expect(callTargets(account.encodeFunctionData('executeBatch', [[]]), SIMPLE_7702_ACCOUNT)).toEqual([]);
    expect(callTargets('0x', SIMPLE_7702_ACCOUNT)).toBeUndefined();
    expect(callTargets('0xa9059cbb', SIMPLE_7702_ACCOUNT)).toBeUndefined();
    expect(callTargets('0x34fcd5be00', SIMPLE_7702_ACCOUNT)).toBeUndefined();
    // A DeleGator's execute means nothing to Simple7702Account.
    expect(callTargets(deleGatorBatch([A, 0n, '0x']), SIMPLE_7702_ACCOUNT)).toBeUndefined();
  });

  it('decodes a DeleGator\'s ERC-7821 execute in single and batch mode, and nothing else', () => {
    expect(callTargets(deleGatorSingle(A, 1n, '0x1234'), DELEGATOR_V08)).toEqual([A]);
    expect(callTargets(deleGatorSingle(B, 0n, '0x'), DELEGATOR_V08)).toEqual([B]);
    expect(callTargets(deleGatorBatch([A, 0n, '0x'], [B, 5n, '0xabcd']), DELEGATOR_V08)).toEqual([A, B]);
    expect(callTargets(deleGatorBatch(), DELEGATOR_V08)).toEqual([]);
    // Simple7702Account's selectors are not the DeleGator's: nothing it would run is known.
    expect(callTargets(account.encodeFunctionData('executeBatch', [[[A, 0n, '0x']]]), DELEGATOR_V08)).toBeUndefined();
    expect(callTargets(account.encodeFunctionData('execute', [A, 0n, '0x']), DELEGATOR_V08)).toBeUndefined();
  });

  it('refuses to read a DeleGator execute in another mode, or encoded otherwise than canonically', () => {
    const executions = AbiCoder.defaultAbiCoder().encode(['(address,uint256,bytes)[]'], [[[A, 0n, '0x']]]);
    for (const mode of [TRY_BATCH_MODE, DELEGATECALL_MODE, BATCH_WITH_SELECTOR_MODE]) {
      expect(callTargets(erc7821.encodeFunctionData('execute', [mode, executions]), DELEGATOR_V08)).toBeUndefined();
    }
    // Single mode with fewer than the 52 bytes of target and value.
    expect(callTargets(erc7821.encodeFunctionData('execute', [SINGLE_MODE, solidityPacked(['address'], [A])]), DELEGATOR_V08)).toBeUndefined();
    // Batch mode whose executions do not decode, or decode from a non-canonical encoding (bytes appended).
    expect(callTargets(erc7821.encodeFunctionData('execute', [BATCH_MODE, '0x1234']), DELEGATOR_V08)).toBeUndefined();
    expect(callTargets(erc7821.encodeFunctionData('execute', [BATCH_MODE, `${executions}${'00'.repeat(32)}`]), DELEGATOR_V08)).toBeUndefined();
    // The call itself truncated, or with bytes after its arguments.
    expect(callTargets(deleGatorBatch([A, 0n, '0x']).slice(0, 100), DELEGATOR_V08)).toBeUndefined();
    expect(callTargets(`${deleGatorBatch([A, 0n, '0x'])}00`, DELEGATOR_V08)).toBeUndefined();
  });
});

describe('maxCost', () => {
  it('is every gas limit, the paymaster\'s included, at maxFeePerGas', () => {
    const op = parseUserOperation({ sender: A, nonce: '0x0', callData: '0x', callGasLimit: '0x10', verificationGasLimit: '0x20', preVerificationGas: '0x30', maxFeePerGas: '0x3', maxPriorityFeePerGas: '0x1' }, 'required');
    expect(maxCost(op, { paymaster: B, paymasterVerificationGasLimit: 0x40n, paymasterPostOpGasLimit: 0x50n })).toBe((0x10n + 0x20n + 0x30n + 0x40n + 0x50n) * 3n);
  });
});

describe('loadPolicy', () => {
  it('loads the devnet policy file', () => {
    expect(loadPolicy(DEVNET_POLICY_FILE)).toMatchObject({ sponsor: { name: 'Devnet Paymaster' }, chainIds: [31337], validForSeconds: 600 });
  });

  it('says what is wrong with a policy', () => {
    expect(() => loadPolicy({ sponsor: { name: 'x' }, chainIds: ['0x1'] } as never)).toThrow('Invalid policy: chainIds must be an array of positive integers');
    expect(() => loadPolicy({ sponsor: { name: 'x', icon: 'https://x' }, chainIds: [1] })).toThrow('sponsor.icon must be a data: URI');
    expect(() => loadPolicy({ sponsor: { name: 'x' }, chainIds: [1], targets: ['0x12'] })).toThrow('targets must be an array of addresses');
    expect(() => loadPolicy('/nonexistent/policy.json')).toThrow('Cannot read the policy file /nonexistent/policy.json');
    expect(() => loadPolicy({ sponsor: { name: 'x' }, chainIds: [1], dailyWeiPerApp: 10 } as never)).toThrow('dailyWeiPerApp must be a decimal string of wei');
  });

  it('trusts the call targets of Simple7702Account, or of the delegates it names', () => {
    const [target, delegate] = [A, B];
    expect(loadPolicy({ sponsor: { name: 'x' }, chainIds: [1], targets: [target] }).delegates).toEqual(new Set([SIMPLE_7702_ACCOUNT.toLowerCase()]));
    expect(loadPolicy({ sponsor: { name: 'x' }, chainIds: [1], targets: [target], delegates: [delegate] }).delegates).toEqual(new Set([delegate]));
    expect(() => loadPolicy({ sponsor: { name: 'x' }, chainIds: [1], delegates: [delegate] })).toThrow('delegates applies only with targets');
    expect(() => loadPolicy({ sponsor: { name: 'x' }, chainIds: [1], targets: [target], delegates: ['0x12'] })).toThrow('delegates must be an array of addresses');
  });

  it('reads daily budgets in wei as decimal strings', () => {
    const policy = loadPolicy({ sponsor: { name: 'x' }, chainIds: [1], dailyLimitPerSender: 3, dailyWeiPerSender: '1000000000000000000000', dailyWeiPerApp: '5' });
    expect(policy).toMatchObject({ dailyLimitPerSender: 3, dailyWeiPerSender: 10n ** 21n, dailyWeiPerApp: 5n });
  });
});

describe('configuration', () => {
  const required = ['--rpc-url', 'http://127.0.0.1:9999', '--signer-key', '0x01', '--paymaster', '0x33edC8964dFf8cb68084759c72e6b2757fE1a762'];

  it('takes flags over environment variables over the defaults', () => {
    const config = configFromCommandLine([...required, '--port', '3999'], { PAYMASTER_PORT: '3001', PAYMASTER_POLICY: '/tmp/p.json' });
    expect(config).toMatchObject({
      port: 3999, host: '127.0.0.1', rpcUrl: 'http://127.0.0.1:9999', policy: '/tmp/p.json', signerKey: '0x01',
      store: { dataDir: 'paymaster-data' }, maxBodyBytes: 1_000_000, rateLimitPerIp: 50, rateLimitPerKey: 200, trustProxy: false, reconcileIntervalMs: 30_000,
      allowPrivateNetwork: false, metricsToken: undefined,
    });
    expect(() => configFromCommandLine([...required, '--policy', 'p.json', '--port', 'x'], {})).toThrow('--port must be a port number');
  });

  it('reads the production settings: Postgres, apps, budgets, limits', () => {
    const config = configFromCommandLine([...required, '--apps', 'apps.json', '--max-body', '2048', '--trust-proxy', '--reconcile-seconds', '5', '--allow-private-network'], {
      DATABASE_URL: 'postgres://pm@db/paymaster', PAYMASTER_GLOBAL_DAILY_WEI: '1000000000000000000', PAYMASTER_RATE_LIMIT_IP: '0', PAYMASTER_METRICS_TOKEN: 'scrape-me',
    });
    expect(config).toMatchObject({
      apps: 'apps.json', policy: undefined, store: { databaseUrl: 'postgres://pm@db/paymaster' }, globalDailyWei: 10n ** 18n,
      maxBodyBytes: 2048, rateLimitPerIp: 0, trustProxy: true, reconcileIntervalMs: 5000, allowPrivateNetwork: true, metricsToken: 'scrape-me',
    });
    expect(configFromCommandLine([...required, '--apps', 'a.json'], { PAYMASTER_ALLOW_PRIVATE_NETWORK: '1' }).allowPrivateNetwork).toBe(true);
    expect(() => configFromCommandLine([...required, '--apps', 'a.json', '--global-daily-wei', '1e18'], {})).toThrow('--global-daily-wei must be a decimal number of wei');
  });

  it('names every missing setting, with its environment variable', () => {
    expect(() => configFromCommandLine(['--rpc-url', 'http://x'], {})).toThrow(
      'Missing settings: --signer-key (or PAYMASTER_SIGNER_KEY), --paymaster (or PAYMASTER_ADDRESS), --policy (or PAYMASTER_POLICY) and/or --apps (or PAYMASTER_APPS)',
    );
  });
});
