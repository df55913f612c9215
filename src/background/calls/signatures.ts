/**
 * The functions the approval screens name: token standards first (their calls get worded actions), then a small list
 * of common signatures so an unknown contract's call still shows what it claims to be. A selector can collide; a
 * name is only shown when the calldata starts with the canonical encoding of its arguments (shared/calldata.ts).
 */
import { abiInterface } from '../abi/abiInterface';

export const TOKEN_FUNCTIONS = abiInterface([
  'function transfer(address to, uint256 amount)',
  'function approve(address spender, uint256 amount)',
  'function transferFrom(address from, address to, uint256 amount)',
  'function increaseAllowance(address spender, uint256 addedValue)',
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)',
  'function safeTransferFrom(address from, address to, uint256 id, uint256 amount, bytes data)',
  'function safeBatchTransferFrom(address from, address to, uint256[] ids, uint256[] amounts, bytes data)',
  'function setApprovalForAll(address operator, bool approved)',
]);

/** Permit2's approve(token, spender, amount, expiration). */
export { PERMIT2 } from '../../shared/contracts';
export const PERMIT2_FUNCTIONS = abiInterface(['function approve(address token, address spender, uint160 amount, uint48 expiration)']);

export const COMMON_FUNCTIONS = abiInterface([
  'function deposit()',
  'function withdraw(uint256 amount)',
  'function mint(address to, uint256 amount)',
  'function burn(uint256 amount)',
  'function multicall(bytes[] data)',
  'function multicall(uint256 deadline, bytes[] data)',
  'function execute(bytes commands, bytes[] inputs, uint256 deadline)',
  'function execute(address target, uint256 value, bytes data)',
  'function executeBatch((address target, uint256 value, bytes data)[] calls)',
  'function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function exactInputSingle((address tokenIn, address tokenOut, uint24 fee, address recipient, uint256 amountIn, uint256 amountOutMinimum, uint160 sqrtPriceLimitX96) params)',
  'function supply(address asset, uint256 amount, address onBehalfOf, uint16 referralCode)',
  'function borrow(address asset, uint256 amount, uint256 interestRateMode, uint16 referralCode, address onBehalfOf)',
  'function repay(address asset, uint256 amount, uint256 interestRateMode, address onBehalfOf)',
  'function claim()',
  'function stake(uint256 amount)',
  'function unstake(uint256 amount)',
  'function register(string name, address owner, uint256 duration, bytes32 secret)',
]);
