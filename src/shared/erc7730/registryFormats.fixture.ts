/** The registry formats' tests' addresses, and a call to VAULT described by one format, rendered as the wallet shows it. */
import { Interface } from 'ethers';
import type { Hex } from '../params';
import { bindCall } from './bind';
import { parseDescriptor } from './parse';
import { render } from './render';
import { mainnet } from './samples.fixture';
import type { RenderContext } from './types';

export const VAULT = '0x4444444444444444444444444444444444444444';
export const BOB = '0x1111111111111111111111111111111111111111';
export const ZERO = '0x0000000000000000000000000000000000000000';
export const VITALIK = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';

/** A call to VAULT described by one format; the words it shows. */
export async function call(key: string, fields: unknown[], args: unknown[], options: { metadata?: object; interpolatedIntent?: string; context?: Partial<RenderContext> } = {}) {
  const descriptor = parseDescriptor({
    context: { contract: { deployments: [{ chainId: 1, address: VAULT }] } },
    metadata: { owner: 'Vaults', ...options.metadata },
    display: { formats: { [key]: { intent: 'Deposit', ...(options.interpolatedIntent ? { interpolatedIntent: options.interpolatedIntent } : {}), fields } } },
  }, 'vault.json');
  const fragment = new Interface([`function ${key}`]);
  const data = fragment.encodeFunctionData(fragment.fragments[0] as never, args) as Hex;
  return render(bindCall([descriptor], { chainId: 1n, to: VAULT, data })!, mainnet(VAULT, options.context));
}

export const words = (clear: { fields: { label: string; text: string; address?: string }[] }) => clear.fields.map((f) => [f.label, f.text || f.address]);
