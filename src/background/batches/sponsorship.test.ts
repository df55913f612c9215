/**
 * Where a sponsored batch's userOp goes, in this order: the bundler the user set for the network (the paymaster service
 * is not asked); else the paymaster service itself when it bundles for EntryPoint v0.8; else the keyless public bundler
 * the release knows for the chain; else 5700 naming what is missing (or the user pays, when sponsorship is optional).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ENTRY_POINT_V08 } from '../../shared/contracts';
import { LOCAL_DEVNET } from '../../shared/networks';
import { rejectionOf } from '../../shared/schemas/errorOf';
import { bundlerUrlOf, sponsorshipFor } from './sponsorship';

/** A paymaster service on this machine: at /bundles it also serves bundler methods for EntryPoint v0.8, at /v07 for v0.7 only. */
let service: Server;
let base: string;
const asked: string[] = [];
beforeAll(async () => {
  service = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk)).on('end', () => {
      const { id, method } = JSON.parse(body) as { id: number; method: string };
      asked.push(`${req.url} ${method}`);
      const reply = req.url === '/bundles' ? { result: [ENTRY_POINT_V08] } : req.url === '/v07' ? { result: ['0x0000000071727De22E5E9d8BAf0edAc6f37da032'] } : { error: { code: -32601, message: 'Method not found' } };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id, ...reply }));
    });
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => service.close(() => resolve())));
beforeEach(() => void (asked.length = 0));

const { bundlerUrl: _none, ...withoutBundler } = LOCAL_DEVNET;
const PUBLIC = 'https://public.pimlico.io/v2/31337/rpc';
const USERS = 'https://bundler.example/rpc';
const paidBy = (url: string, optional?: boolean) => ({ paymasterService: { url, ...(optional === undefined ? {} : { optional }) } });

describe('the bundler of a sponsored batch', () => {
  it('is the one the user set for the network, even when the paymaster service bundles too, which is not asked', async () => {
    const sponsorship = await sponsorshipFor({ ...withoutBundler, bundlerUrl: USERS, publicBundlerUrl: PUBLIC }, paidBy(`${base}/bundles`), true);
    expect(sponsorship).toEqual({ url: `${base}/bundles`, context: {}, bundlerUrl: USERS });
    expect(asked).toEqual([]);
  });

  it('is the paymaster service itself when none is set and it bundles for EntryPoint v0.8, before the chain\'s public one', async () => {
    const sponsorship = await sponsorshipFor({ ...withoutBundler, publicBundlerUrl: PUBLIC }, paidBy(`${base}/bundles`), true);
    expect(sponsorship?.bundlerUrl).toBe(`${base}/bundles`);
    expect(asked).toEqual(['/bundles eth_supportedEntryPoints']);
  });

  it('is the chain\'s keyless public bundler when the service does not bundle, or only for another EntryPoint', async () => {
    for (const path of ['/paymaster', '/v07']) {
      expect((await sponsorshipFor({ ...withoutBundler, publicBundlerUrl: PUBLIC }, paidBy(`${base}${path}`), true))?.bundlerUrl).toBe(PUBLIC);
    }
  });

  it('is none without any of them: 5700 saying what is missing, or the user pays when sponsorship is optional', async () => {
    const error = await rejectionOf(() => sponsorshipFor(withoutBundler, paidBy(`${base}/v07`), true));
    expect(error).toMatchObject({
      code: 5700,
      message: `Paymaster capability required, but Local devnet (0x7a69) has no bundler set, the paymaster service does not bundle for EntryPoint v0.8 (its eth_supportedEntryPoints does not list ${ENTRY_POINT_V08}) and no keyless public bundler is known for the chain: set a bundler for the network`,
    });
    expect(await sponsorshipFor(withoutBundler, paidBy(`${base}/paymaster`, true), true)).toBeUndefined();
  });
});

describe('the bundler a sponsored batch is sent to and followed with', () => {
  it('is the one the user set for the network, also when set after the batch was prepared with the paymaster URL as its bundler', () => {
    const prepared = { url: 'https://pm.example/rpc', context: {}, bundlerUrl: 'https://pm.example/rpc' };
    expect(bundlerUrlOf({ ...withoutBundler, bundlerUrl: USERS }, prepared)).toBe(USERS);
  });

  it('is the one chosen when the batch was prepared while the user sets none', () => {
    expect(bundlerUrlOf(withoutBundler, { url: 'https://pm.example/rpc', context: {}, bundlerUrl: PUBLIC })).toBe(PUBLIC);
    expect(bundlerUrlOf(withoutBundler, undefined)).toBeUndefined();
  });

  it('is, for a batch no site sponsors (a fee in USDC), the one the user set, else the network\'s public one', () => {
    expect(bundlerUrlOf({ ...withoutBundler, bundlerUrl: USERS, publicBundlerUrl: PUBLIC }, undefined)).toBe(USERS);
    expect(bundlerUrlOf({ ...withoutBundler, publicBundlerUrl: PUBLIC }, undefined)).toBe(PUBLIC);
  });
});
