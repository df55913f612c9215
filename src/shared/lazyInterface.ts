/**
 * An ethers Interface built on first use: the first one built is costly (ethers prepares its ABI coder then), and the
 * worker's start must stay light. Use it as the Interface itself.
 */
import { Interface, type InterfaceAbi } from 'ethers';

export function lazyInterface(abi: InterfaceAbi): Interface {
  let built: Interface | undefined;
  return new Proxy({} as Interface, {
    get(_target, property) {
      built ??= new Interface(abi);
      const value = Reflect.get(built, property, built) as unknown;
      return typeof value === 'function' ? value.bind(built) : value;
    },
  });
}
