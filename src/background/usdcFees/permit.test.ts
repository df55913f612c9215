/** The EIP-2612 permit a fee in USDC carries: the paymaster as spender, no deadline, the token's own domain and nonce. */
import { AbiCoder, Interface, MaxUint256, TypedDataEncoder, Wallet, id, verifyTypedData } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { Hex } from '../../shared/params';
import { typedDataDigest } from '../../shared/typedData/digest';
import { readPermitToken, usdcPermit } from './permit';

const TOKEN: Hex = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const PAYMASTER: Hex = '0x0578cFB241215b77442a541325d6A4E6dFE700Ec';
const owner = Wallet.createRandom();

describe('the permit', () => {
  const permit = usdcPermit({ chainId: '0x2105', token: { address: TOKEN, name: 'USD Coin', version: '2' }, owner: owner.address as Hex, spender: PAYMASTER, value: 4_282_740n, nonce: 7n });

  it("is EIP-2612's Permit under the token's domain, the paymaster as spender, deadline type(uint256).max", () => {
    expect(permit.primaryType).toBe('Permit');
    expect(permit.domain).toEqual({ name: 'USD Coin', version: '2', chainId: 8453, verifyingContract: TOKEN });
    expect(permit.message).toEqual({ owner: owner.address, spender: PAYMASTER, value: '4282740', nonce: '7', deadline: MaxUint256.toString() });
  });

  it('hashes as ethers hashes the same permit, and a signature over it recovers the owner', async () => {
    const { EIP712Domain: _domain, ...types } = permit.types;
    expect(typedDataDigest(permit, 'V4')).toBe(TypedDataEncoder.hash(permit.domain, types, permit.message));
    const signature = await owner.signTypedData(permit.domain, types, permit.message);
    expect(verifyTypedData(permit.domain, types, permit.message, signature)).toBe(owner.address);
  });
});

describe("the token's permit facts", () => {
  const erc20 = new Interface(['function name() view returns (string)', 'function version() view returns (string)', 'function nonces(address) view returns (uint256)']);
  const node = (answers: Record<string, string>) => async <T>(method: string, params: unknown[] = []): Promise<T> => {
    const { to, data } = params[0] as { to: string; data: string };
    if (method !== 'eth_call' || to !== TOKEN) throw new Error(`unexpected ${method}`);
    const answer = answers[data.slice(0, 10)];
    if (answer === undefined) throw Object.assign(new Error('execution reverted'), { code: 3 });
    return answer as T;
  };

  it("are the token's name, version and the owner's nonce, read from the token", async () => {
    const asked = node({
      [id('name()').slice(0, 10)]: erc20.encodeFunctionResult('name', ['USDC']),
      [id('version()').slice(0, 10)]: erc20.encodeFunctionResult('version', ['2']),
      [id('nonces(address)').slice(0, 10)]: AbiCoder.defaultAbiCoder().encode(['uint256'], [3n]),
    });
    expect(await readPermitToken(asked, TOKEN, owner.address as Hex)).toEqual({ token: { address: TOKEN, name: 'USDC', version: '2' }, nonce: 3n });
  });

  it("are refused when the owner's nonce is not one word: a nonce read by its first word would sign a permit the token refuses", async () => {
    const asked = node({
      [id('name()').slice(0, 10)]: erc20.encodeFunctionResult('name', ['USDC']),
      [id('version()').slice(0, 10)]: erc20.encodeFunctionResult('version', ['2']),
      [id('nonces(address)').slice(0, 10)]: `${AbiCoder.defaultAbiCoder().encode(['uint256'], [3n])}${'00'.repeat(32)}`,
    });
    await expect(readPermitToken(asked, TOKEN, owner.address as Hex)).rejects.toThrow(/nonces\(\)/);
  });

  it('are refused when the token has no version (no FiatToken permit to build)', async () => {
    const asked = node({
      [id('name()').slice(0, 10)]: erc20.encodeFunctionResult('name', ['USDC']),
      [id('nonces(address)').slice(0, 10)]: AbiCoder.defaultAbiCoder().encode(['uint256'], [3n]),
    });
    await expect(readPermitToken(asked, TOKEN, owner.address as Hex)).rejects.toThrow(/permit/);
  });
});
