/**
 * ethers' ABI code (fragments, coders, Interface): a tenth of the first script, needed only once a call is encoded or
 * decoded (a token read, a call worded, a batch encoded), not on every start. The built worker loads it as a script
 * of its own on first use (abiChunk.ts, loadAbi.ts).
 */
export { AbiCoder, Interface } from 'ethers';
