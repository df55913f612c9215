/** Typed data the full-mode encoder is checked on: nested structs, arrays, every field kind, values past one command. */
import type { FullTypedData } from './typedDataCommands';

const DOMAIN_TYPE = [
  { name: 'name', type: 'string' },
  { name: 'version', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
];
const OWNER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const OTHER = '0x70997970c51812dc3a010c7d01b50e20d17dc79c';

export const TYPED_DATA_CORPUS: Record<string, FullTypedData> = {
  mail: {
    domain: { name: 'Ether Mail', version: '1', chainId: 1, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
    types: { EIP712Domain: DOMAIN_TYPE, Person: [{ name: 'name', type: 'string' }, { name: 'wallet', type: 'address' }], Mail: [{ name: 'from', type: 'Person' }, { name: 'to', type: 'Person' }, { name: 'contents', type: 'string' }] },
    primaryType: 'Mail',
    message: { from: { name: 'Cow', wallet: OWNER }, to: { name: 'Bob', wallet: OTHER }, contents: 'Hello, Bob!' },
  },
  permit: {
    domain: { name: 'USD Coin', version: '2', chainId: 1, verifyingContract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
    types: { EIP712Domain: DOMAIN_TYPE, Permit: [{ name: 'owner', type: 'address' }, { name: 'spender', type: 'address' }, { name: 'value', type: 'uint256' }, { name: 'nonce', type: 'uint256' }, { name: 'deadline', type: 'uint256' }] },
    primaryType: 'Permit',
    message: { owner: OWNER, spender: OTHER, value: '115792089237316195423570985008687907853269984665640564039457584007913129639935', nonce: '0', deadline: '1798761600' },
  },
  userOperation: {
    domain: { name: 'ERC4337', version: '1', chainId: 31337, verifyingContract: '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108' },
    types: {
      EIP712Domain: DOMAIN_TYPE,
      PackedUserOperation: [
        { name: 'sender', type: 'address' }, { name: 'nonce', type: 'uint256' }, { name: 'initCode', type: 'bytes' }, { name: 'callData', type: 'bytes' },
        { name: 'accountGasLimits', type: 'bytes32' }, { name: 'preVerificationGas', type: 'uint256' }, { name: 'gasFees', type: 'bytes32' }, { name: 'paymasterAndData', type: 'bytes' },
      ],
    },
    primaryType: 'PackedUserOperation',
    message: {
      sender: OWNER, nonce: '0', initCode: '0x', callData: `0x34fcd5be${'00'.repeat(31)}20${'ab'.repeat(300)}`,
      accountGasLimits: `0x${'00'.repeat(12)}000186a0${'00'.repeat(12)}00005208`, preVerificationGas: '50000',
      gasFees: `0x${'00'.repeat(15)}01${'00'.repeat(12)}77359400`, paymasterAndData: `0x${'11'.repeat(20)}${'00'.repeat(32)}abcd`,
    },
  },
  everyKind: {
    domain: { name: 'Kinds', version: '1', chainId: 10, verifyingContract: OTHER },
    types: {
      EIP712Domain: DOMAIN_TYPE,
      Leg: [{ name: 'to', type: 'address' }, { name: 'amount', type: 'int64' }],
      Order: [
        { name: 'legs', type: 'Leg[]' }, { name: 'grid', type: 'uint8[2][]' }, { name: 'owners', type: 'address[]' }, { name: 'flag', type: 'bool' },
        { name: 'selector', type: 'bytes4' }, { name: 'delta', type: 'int8' }, { name: 'note', type: 'string' }, { name: 'blob', type: 'bytes' }, { name: 'empty', type: 'uint16[]' },
      ],
    },
    primaryType: 'Order',
    message: {
      legs: [{ to: OWNER, amount: '-1' }, { to: OTHER, amount: '9000000000' }], grid: [[1, 2], [3, 255]], owners: [OWNER, OTHER], flag: true,
      selector: '0xa9059cbb', delta: '-5', note: `Grüße, ${'long text '.repeat(40)}`, blob: '0x00ff', empty: [],
    },
  },
};
