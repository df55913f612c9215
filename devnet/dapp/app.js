// Each button makes one EIP-1193 request through the wallet and prints its result, or its error as {code, message, data}.
// Plain browser JS with no inline code, so the page works under a strict Content-Security-Policy.

const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const LOG_RANGE_BLOCKS = 100;
// A round logo as a data: URL, so the demo needs no image host.
const TST_IMAGE = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><circle cx="20" cy="20" r="20" fill="#233dff"/><text x="20" y="25" font-size="12" text-anchor="middle" fill="#fff" font-family="sans-serif">TST</text></svg>')}`;

const output = document.getElementById('output');
const walletList = document.getElementById('wallets');
const devnet = fetch('/devnet.json').then((reply) => reply.json());
const announced = [];

window.addEventListener('eip6963:announceProvider', (event) => {
  const { info, provider } = event.detail;
  if (announced.some((wallet) => wallet.info.uuid === info.uuid)) return;
  announced.push({ info, provider });
  const item = document.createElement('li');
  item.textContent = info.name;
  walletList.append(item);
});
window.dispatchEvent(new Event('eip6963:requestProvider'));

function request(method, params = []) {
  const provider = window.ethereum ?? announced[0]?.provider;
  if (!provider) throw new Error('No wallet: window.ethereum is missing and no wallet announced itself');
  return provider.request({ method, params });
}

/** ERC-20 transfer(to, amount) calldata, written out so the page needs no library. */
function transferData(to, amount) {
  const word = (hex) => hex.replace(/^0x/, '').padStart(64, '0');
  return `0xa9059cbb${word(to.toLowerCase())}${word(amount.toString(16))}`;
}

const BURN = '0x000000000000000000000000000000000000dead';
let lastBatchId = null;

/** EIP-5792 2.0.0: one TST transfer and one tiny ETH transfer, atomically; sponsored when a paymaster is given. */
async function sendBatch(paymasterUrl) {
  const [{ addresses }, from, chainId] = await Promise.all([devnet, firstAccount(), request('eth_chainId')]);
  const calls = [{ to: addresses.testToken, value: '0x0', data: transferData(BURN, 10n ** 18n) }];
  if (!paymasterUrl) calls.push({ to: BURN, value: '0x38d7ea4c68000' });
  const capabilities = paymasterUrl ? { paymasterService: { url: paymasterUrl } } : undefined;
  const result = await request('wallet_sendCalls', [{ version: '2.0.0', from, chainId, atomicRequired: true, calls, capabilities }]);
  lastBatchId = result.id;
  return result;
}

async function firstAccount() {
  const [account] = await request('eth_accounts');
  if (!account) throw new Error('No account exposed to this page: press Connect first');
  return account;
}

const actions = {
  connect: () => request('eth_requestAccounts'),
  accounts: () => request('eth_accounts'),
  'chain-id': () => request('eth_chainId'),
  'balance-latest': async () => request('eth_getBalance', [await firstAccount(), 'latest']),
  'balance-pending': async () => request('eth_getBalance', [await firstAccount(), 'pending']),
  'get-logs': async () => {
    const { addresses } = await devnet;
    const latest = Number(await request('eth_blockNumber'));
    const fromBlock = `0x${Math.max(0, latest - LOG_RANGE_BLOCKS).toString(16)}`;
    return request('eth_getLogs', [{ address: addresses.testToken, topics: [TRANSFER_TOPIC], fromBlock, toBlock: 'latest' }]);
  },
  'get-code': async () => request('eth_getCode', [(await devnet).addresses.entryPoint, 'latest']),
  'get-storage-at': async () => request('eth_getStorageAt', [(await devnet).addresses.testToken, '0x0', 'latest']),
  // EIP-747: the asset object itself as params, as viem sends it.
  'watch-asset': async () => {
    const options = { address: (await devnet).addresses.testToken, symbol: 'TST', decimals: 18, image: TST_IMAGE };
    return request('wallet_watchAsset', { type: 'ERC20', options });
  },
  batch: () => sendBatch(),
  'sponsored-batch': async () => sendBatch((await devnet).paymasterUrl),
  'batch-status': () => {
    if (!lastBatchId) throw new Error('Send a batch first');
    return request('wallet_getCallsStatus', [lastBatchId]);
  },
  capabilities: async () => request('wallet_getCapabilities', [await firstAccount()]),
  'send-transaction': async () => request('eth_sendTransaction', [{ from: await firstAccount(), to: BURN, value: '0x38d7ea4c68000' }]),
  'sign-message': async () => request('personal_sign', ['0x48656c6c6f2066726f6d207468652064656d6f2064617070', await firstAccount()]),
  'send-raw-tx': async () => {
    // Signed by the devnet server with account #9's key: the wallet only relays it to the node.
    const { rawTransaction } = await (await fetch('/signed-tx')).json();
    return request('eth_sendRawTransaction', [rawTransaction]);
  },
};

// data-status on the output lets tests wait for the reply instead of sleeping.
function show(action, status, body) {
  output.dataset.status = status;
  output.textContent = JSON.stringify({ action, ...body }, null, 2);
}

for (const [id, run] of Object.entries(actions)) {
  document.getElementById(id).addEventListener('click', async () => {
    show(id, 'pending', {});
    try {
      show(id, 'ok', { result: await run() });
    } catch (error) {
      show(id, 'error', { error: { code: error?.code, message: error?.message ?? String(error), data: error?.data } });
    }
  });
}
