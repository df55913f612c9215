/** An address, short and checksummed; the whole address on hover and to assistive technology. */
import { getAddress } from 'ethers';
import { shortAddress } from '../format/amounts';

export function AddressText({ address }: { address: string }) {
  let checksummed = address;
  try {
    checksummed = getAddress(address);
  } catch {
    // Not an address after all: shown as given.
  }
  return <span className="mono" title={checksummed}>{shortAddress(checksummed)}</span>;
}
