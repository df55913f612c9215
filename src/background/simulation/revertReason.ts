/** Revert data as people read it: Error(string), Panic(uint256), and the custom errors of widely used contracts. */
import { dataLength } from 'ethers';
import { abiInterface } from '../abi/abiInterface';

const PANICS: Record<number, string> = {
  0x01: 'assertion failed',
  0x11: 'arithmetic overflow or underflow',
  0x12: 'division by zero',
  0x21: 'invalid enum value',
  0x31: 'pop from an empty array',
  0x32: 'array index out of bounds',
  0x41: 'out of memory',
  0x51: 'call to an uninitialized function',
};

/** OpenZeppelin 5 token and access errors, Solidity's own two, and the ERC-4337 account's. */
const KNOWN_ERRORS = abiInterface([
  'error Error(string reason)',
  'error Panic(uint256 code)',
  'error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)',
  'error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed)',
  'error ERC20InvalidSender(address sender)',
  'error ERC20InvalidReceiver(address receiver)',
  'error ERC20InvalidApprover(address approver)',
  'error ERC20InvalidSpender(address spender)',
  'error ERC721NonexistentToken(uint256 tokenId)',
  'error ERC721IncorrectOwner(address sender, uint256 tokenId, address owner)',
  'error ERC721InsufficientApproval(address operator, uint256 tokenId)',
  'error ERC721InvalidReceiver(address receiver)',
  'error ERC1155InsufficientBalance(address sender, uint256 balance, uint256 needed, uint256 tokenId)',
  'error ERC1155MissingApprovalForAll(address operator, address owner)',
  'error OwnableUnauthorizedAccount(address account)',
  'error AccessControlUnauthorizedAccount(address account, bytes32 neededRole)',
  'error SafeERC20FailedOperation(address token)',
  'error ReentrancyGuardReentrantCall()',
  'error EnforcedPause()',
  'error ExecuteError(uint256 index, bytes reason)',
]);

/** The reason a call reverted with `data` (its return data), in words. */
export async function revertReason(data: string | undefined): Promise<string> {
  if (!data || data === '0x') return 'reverted without a reason';
  if (dataLength(data) < 4) return `reverted with ${data}`;
  try {
    const error = (await KNOWN_ERRORS()).parseError(data);
    if (error?.name === 'Error') return String(error.args[0]);
    if (error?.name === 'Panic') {
      const code = Number(error.args[0]);
      return `panic: ${PANICS[code] ?? `code 0x${code.toString(16)}`}`;
    }
    if (error?.name === 'ExecuteError') return `call ${String(error.args[0])} failed: ${await revertReason(String(error.args[1]))}`;
    if (error) return `${error.name}(${error.args.map(String).join(', ')})`;
  } catch {
    // A known selector with data that does not decode: shown as unknown below.
  }
  return `custom error ${data.slice(0, 10)}`;
}
