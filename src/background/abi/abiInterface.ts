/**
 * An ethers Interface built on first use, from ethers' ABI code loaded then (loadAbi.ts): the worker's start neither
 * carries that code nor builds the Interface (the first one built is costly: ethers prepares its ABI coder then).
 */
import type { Interface, InterfaceAbi } from 'ethers';
import { loadAbi } from './loadAbi';

export function abiInterface(abi: InterfaceAbi): () => Promise<Interface> {
  let built: Promise<Interface> | undefined;
  return () =>
    (built ??= loadAbi().then((code) => new code.Interface(abi)).catch((error: unknown) => {
      built = undefined;
      throw error;
    }));
}
