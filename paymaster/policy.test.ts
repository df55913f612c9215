import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import { DEVNET_POLICY_FILE } from '../devnet/constants';
import { configFromCommandLine } from './config';
import { DailyCounter, callTargets, loadPolicy } from './policy';
import { RpcError } from './rpc';
import { parseUserOperation } from './userOp';

const account = new Interface([
  'function execute(address target, uint256 value, bytes data)',
  'function executeBatch((address target, uint256 value, bytes data)[] calls)',
]);
const A = '0x1111111111111111111111111111111111111111';
const B = '0x2222222222222222222222222222222222222222';

describe('callTargets', () => {
  it('decodes Simple7702Account execute and executeBatch, and nothing else', () => {
    expect(callTargets(account.encodeFunctionData('execute', [A, 1n, '0x1234']))).toEqual([A]);
    expect(callTargets(account.encodeFunctionData('executeBatch', [[[A, 0n, '0x'], [B, 5n, '0xabcd']]]))).toEqual([A, B]);
    expect(callTargets(account.encodeFunctionData('executeBatch', [[]]))).toEqual([]);
    expect(callTargets('0x')).toBeUndefined();
    expect(callTargets('0xa9059cbb')).toBeUndefined();
    expect(callTargets('0x34fcd5be00')).toBeUndefined();
  });
});

describe('DailyCounter', () => {
  const policy = loadPolicy({ sponsor: { name: 'x' }, chainIds: [1], dailyLimitPerSender: 1 });
  const op = (nonce: string) => parseUserOperation({ sender: A, nonce, callData: '0x' }, 'optional');

  it('counts distinct nonces per UTC day and starts again the next day', () => {
    let now = new Date('2026-05-01T23:59:00Z');
    const counter = new DailyCounter(() => now);
    counter.check(policy, op('0x0'));
    counter.record(op('0x0'));
    counter.check(policy, op('0x0'));
    expect(() => counter.check(policy, op('0x1'))).toThrow(RpcError);
    now = new Date('2026-05-02T00:00:01Z');
    expect(() => counter.check(policy, op('0x1'))).not.toThrow();
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
  });
});

describe('configuration', () => {
  const required = ['--rpc-url', 'http://127.0.0.1:9999', '--signer-key', '0x01', '--paymaster', '0x33edC8964dFf8cb68084759c72e6b2757fE1a762'];

  it('takes flags over environment variables over the defaults', () => {
    const config = configFromCommandLine([...required, '--port', '3999'], { PAYMASTER_PORT: '3001', PAYMASTER_POLICY: '/tmp/p.json' });
    expect(config).toMatchObject({ port: 3999, host: '127.0.0.1', rpcUrl: 'http://127.0.0.1:9999', policy: '/tmp/p.json', signerKey: '0x01' });
    expect(() => configFromCommandLine([...required, '--policy', 'p.json', '--port', 'x'], {})).toThrow('--port must be a port number');
  });

  it('names every missing setting, with its environment variable', () => {
    expect(() => configFromCommandLine(['--rpc-url', 'http://x'], {})).toThrow(
      'Missing settings: --signer-key (or PAYMASTER_SIGNER_KEY), --paymaster (or PAYMASTER_ADDRESS), --policy (or PAYMASTER_POLICY)',
    );
  });
});
