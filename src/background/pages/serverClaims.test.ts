/**
 * A server's error is its claim, never a refusal of the wallet's: its message, data and code do not become the words or
 * the password refusals the screens say as the wallet's (attacked in issue 47's words change).
 */
import { describe, expect, it } from 'vitest';
import { INCORRECT_PASSWORD, RpcError, type ErrorData } from '../../shared/errors';
import { TX_ERRORS } from '../networks/nodeErrors';
import { checkNetwork } from '../networks/edit';
import { callNode } from '../networks/rpcClient';
import { pageError, refusalWords, storedErrorWords } from './refusalWords';
import { inEnglish } from '../../shared/words.fixture';
import { l1FeeUpperBound } from '../fees/l1DataFee';
import { readPaymasterTerms } from '../usdcFees/terms';
import { hasInvisible } from '../../shared/displayText';
import { HIDING, nodeOnThisMachine, REASON_SAID, REFUSAL_TAIL, saysInWords, URL_TWICE_TAIL, WALLET_SENTENCE } from './refusals.fixture';

const node = nodeOnThisMachine();

/** A server's error as the pages get it: in the wallet's own sentence, which says the server's message as a value as written. */
function serverAnswered(code: number, said: string) {
  const words = { key: 'errors_serverAnswered', values: { said } } as const;
  const message = `The network's server answered: ${said}`;
  expect(inEnglish(words)).toBe(message);
  return { code, message, data: { words } };
}

describe('a server\'s error on the pages', () => {
  it('are never words a server put in its error\'s data: a node cannot make the screen say a sentence of the wallet\'s', () => {
    const planted = { words: { key: 'errors_incorrectPassword' }, detail: 'kept' };
    expect(pageError(new RpcError(-32000, 'execution reverted: 0x', planted)).toObject()).toEqual({ code: -32000, message: 'execution reverted: 0x', data: { detail: 'kept' } });
    const [family] = Object.values(TX_ERRORS);
    expect((pageError(new RpcError(-32000, family, planted)).data as ErrorData).words).toEqual(refusalWords(family));
  });

  it('are never a server\'s message read as the wallet\'s: a node\'s error that reads like a refusal is shown as written', async () => {
    const said = await callNode({ urls: [`${node.url()}/says`], name: 'Mine' }, 'eth_chainId').then(() => expect.unreachable('refused'), pageError);
    expect(said.toObject()).toEqual(serverAnswered(-32000, WALLET_SENTENCE));
  });

  it('carry none of a server\'s error data, which only the wallet\'s refusals fill for the screens: a node\'s retryAt would say "Too many wrong passwords"', async () => {
    const waits = await callNode({ urls: [`${node.url()}/waits`], name: 'Mine' }, 'eth_chainId').then(() => expect.unreachable('refused'), pageError);
    expect(waits.toObject()).toEqual(serverAnswered(-32603, 'busy'));
  });

  it('never carry the codes of the wallet\'s password refusals from a server: a node\'s 4100 "Incorrect password" is no refusal of the wallet\'s (errorText tells those by code and message)', async () => {
    const refuses = await callNode({ urls: [`${node.url()}/refuses`], name: 'Mine' }, 'eth_chainId').then(() => expect.unreachable('refused'), pageError);
    expect(refuses.toObject()).toEqual(serverAnswered(-32603, INCORRECT_PASSWORD));
  });

  it('are said in the wallet\'s own sentence, the server\'s message inside it as written: never a key, never a refusal\'s words, whatever it reads like', async () => {
    const said = await callNode({ urls: [`${node.url()}/says`], name: 'Mine' }, 'eth_chainId').then(() => expect.unreachable('refused'), pageError);
    expect((said.data as ErrorData).words).toEqual({ key: 'errors_serverAnswered', values: { said: WALLET_SENTENCE } });
    expect(refusalWords(WALLET_SENTENCE)?.key).toBe('errors_tooManyPasswords');
  });

  it('say again only the parts that are the wallet\'s words: a node\'s answer, a network\'s name, a URL are kept as written', async () => {
    const probe = await saysInWords(checkNetwork({ chainId: '0x7a6c', name: 'Mine', rpcUrls: [`${node.url()}/says`], eip7702: false }, true));
    expect(probe).toEqual({ key: 'errors_noChainId', values: { field: { key: 'errors_fieldRpcUrl' }, why: { key: 'errors_serverAnswered', values: { said: WALLET_SENTENCE } } } });
    expect(refusalWords('The nodes of The wallet is locked are limiting requests')).toEqual({ key: 'errors_nodesLimiting', values: { network: 'The wallet is locked' } });
  });

  it('are said cleaned and bounded: no character that reorders or hides the wallet\'s sentence, no page of text', async () => {
    const hides = await callNode({ urls: [`${node.url()}/hides`], name: 'Mine' }, 'eth_chainId').then(() => expect.unreachable('refused'), pageError);
    const { said } = (hides.data as ErrorData).words!.values as { said: string };
    expect(said.startsWith('Approve evil and more')).toBe(true);
    expect(hasInvisible(said) || [...said].length > 300).toBe(false);
    expect(hides.message).toBe(`The network's server answered: ${said}`);
    expect(storedErrorWords(HIDING, 'server')).toEqual({ key: 'errors_serverAnswered', values: { said } });
    // Inside another sentence of the wallet's (shared/errors.ts quotedError) too.
    expect(refusalWords(`RPC URL did not answer eth_chainId: The network's server answered: ${HIDING.slice(0, 1000)}`)?.values?.why).toEqual({ key: 'errors_serverAnswered', values: { said } });
  });

  it('are cleaned and bounded in every part the wallet\'s sentence keeps as written, as its `said` is: a paymaster\'s or an oracle\'s answer, a file\'s name', async () => {
    const paymaster = `0x${'cd'.repeat(20)}`;
    const hiding = (async (method: string) => (method === 'eth_getCode' ? '0x6080' : HIDING)) as never;
    const refused = (made: Promise<unknown>) => made.then(() => expect.unreachable('refused'), (error: Error) => pageError(error));
    const parts = [
      await refused(readPaymasterTerms(hiding, paymaster as never)),
      await refused(l1FeeUpperBound(hiding, { chainId: '0x2105', builtIn: true }, async () => ['0x02'])),
      pageError(new Error(`${HIDING.slice(0, 100)}.json is larger than 64 kB: a descriptor is a few kB`)),
      pageError(new Error(`to must be a 20-byte hex address (0x + 40 hex digits), got ${HIDING.slice(0, 1500)}`)),
    ].map((error) => (error.data as ErrorData).words!.values!);
    expect(parts.map((values) => Object.keys(values))).toEqual([['paymaster', 'getter', 'answer'], ['answer'], ['file', 'size'], ['field', 'got']]);
    for (const part of parts.flatMap((values) => Object.values(values))) {
      expect(typeof part === 'string' && (hasInvisible(part) || [...part].length > 300), String(part)).toBe(false);
    }
  });

  it('never steer which refusal the wallet\'s sentence quoting them is: one ending like a refusal whose sentence starts with a field is not read as that one', async () => {
    const probe = await saysInWords(checkNetwork({ chainId: '0x7a6c', name: 'Mine', rpcUrls: [`${node.url()}/mimics`], eip7702: false }, true));
    expect(probe).toEqual({ key: 'errors_noChainId', values: { field: { key: 'errors_fieldRpcUrl' }, why: { key: 'errors_serverAnswered', values: { said: REFUSAL_TAIL } } } });
    const paymaster = `0x${'cd'.repeat(20)}`;
    const answers = (async (method: string) => (method === 'eth_getCode' ? '0x6080' : REFUSAL_TAIL)) as never;
    const terms = await saysInWords(readPaymasterTerms(answers, paymaster as never));
    expect(terms).toMatchObject({ key: 'errors_usdcTermsWord', values: { paymaster, answer: JSON.stringify(REFUSAL_TAIL) } });
    // The Send's quote asks an OP-stack chain's GasPriceOracle (pages/send.ts).
    const oracle = (async (method: string) => (method === 'eth_call' ? REFUSAL_TAIL : '0x6080')) as never;
    const l1 = await saysInWords(l1FeeUpperBound(oracle, { chainId: '0x2105', builtIn: true }, async () => ['0x02']));
    expect(l1).toEqual({ key: 'errors_l1OracleAnswered', values: { answer: JSON.stringify(REFUSAL_TAIL) } });
    // As batches/executors/usdcCode.ts names the bundler that failed: what it said follows.
    expect(refusalWords(`The bundler at bundler.example failed: ${REFUSAL_TAIL}`)).toEqual({ key: 'errors_bundlerFailed', values: { host: 'bundler.example', why: REFUSAL_TAIL } });
  });

  it('never steer it either where a refusal starts with the same words as the sentence quoting them: an RPC URL\'s answer ending like "… is listed twice" is not that refusal, its URL the wallet\'s sentence', async () => {
    const probe = await saysInWords(checkNetwork({ chainId: '0x7a6c', name: 'Mine', rpcUrls: [`${node.url()}/twice`], eip7702: false }, true));
    expect(probe).toEqual({ key: 'errors_noChainId', values: { field: { key: 'errors_fieldRpcUrl' }, why: { key: 'errors_serverAnswered', values: { said: URL_TWICE_TAIL } } } });
    // The wallet's own refusal of a URL listed twice is still that one.
    const url = `${node.url()}/chain`;
    expect(await saysInWords(checkNetwork({ chainId: '0x7a6c', name: 'Mine', rpcUrls: [url, url], eip7702: false }, true))).toEqual({ key: 'errors_rpcUrlTwice', values: { url } });
  });

  it('are never said as a reason of the wallet\'s inside its sentence: a node answering "no connection" is quoted as the server\'s', async () => {
    const probe = await saysInWords(checkNetwork({ chainId: '0x7a6c', name: 'Mine', rpcUrls: [`${node.url()}/pretends`], eip7702: false }, true));
    expect(probe).toEqual({ key: 'errors_noChainId', values: { field: { key: 'errors_fieldRpcUrl' }, why: { key: 'errors_serverAnswered', values: { said: REASON_SAID } } } });
    // As batches/executors/usdcCode.ts quotes a bundler's (batches/feeOptions.test.ts).
    const bundler = `The bundler at bundler.example failed: The network's server answered: ${REASON_SAID}`;
    expect(refusalWords(bundler)).toEqual({ key: 'errors_bundlerFailed', values: { host: 'bundler.example', why: { key: 'errors_serverAnswered', values: { said: REASON_SAID } } } });
  });

  it('never make a message the table does not know one of its refusals: a field is a name, never a sentence ending in what a server wrote', () => {
    // As executionPermissions/upgrade.ts writes them, a batch's error and a simulation's revert reason in them.
    expect(refusalWords(`The account’s upgrade to the DeleGator did not land (${REFUSAL_TAIL}): no permission was granted`)).toBeUndefined();
    expect(refusalWords(`The DeleGator’s deployment would revert on Mine: ${REFUSAL_TAIL}`)).toBeUndefined();
  });

  it('are none for a message far longer than any refusal: the table\'s patterns are not run over a page\'s or a node\'s megabyte', () => {
    const address = `0x${'ab'.repeat(20)}`;
    const long = `${'Token contract '.repeat(200)}${address} on Mine is not an ERC-20 token: symbol() did not return a string`;
    expect(refusalWords(long)).toBeUndefined();
  });
});
