/** The devnet deploys the Ledger app's Simple7702Account where it is on every chain, from the release's own code. */
import { ZeroHash, getCreate2Address, keccak256 } from 'ethers';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { LEDGER_7702_ACCOUNT } from '../src/shared/contracts';
import { CREATE2_DEPLOYER } from './constants';
import { ledgerDelegateInitcode } from './ledgerDelegate';

const release = createRequire(import.meta.url)('@account-abstraction/contracts/artifacts/Simple7702Account.json') as { bytecode: string; deployedBytecode: string };

describe('the Ledger delegate on the devnet', () => {
  it('is the release’s Simple7702Account with only the metadata hash changed, and lands at the Ledger app’s address', () => {
    const initcode = ledgerDelegateInitcode();
    expect(getCreate2Address(CREATE2_DEPLOYER, ZeroHash, keccak256(initcode))).toBe(LEDGER_7702_ACCOUNT);
    expect(initcode.length).toBe(release.bytecode.length);
    // The executed code (everything before the CBOR metadata, whose length its last two bytes give) is the release's.
    const executed = (hex: string) => hex.slice(0, hex.length - 4 - 2 * parseInt(hex.slice(-4), 16));
    expect(executed(initcode)).toBe(executed(release.bytecode));
  });
});
