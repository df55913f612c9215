/**
 * MetaMask's smart-accounts-kit as a dapp uses it for execution permissions (ERC-7715), bundled for the test page
 * (window.smartAccountsKitDapp). Amounts cross page.evaluate as decimal strings and are made bigints here.
 */
import { erc7715ProviderActions } from '@metamask/smart-accounts-kit/actions';
import { createClient, custom, type EIP1193Provider } from 'viem';

const client = () => createClient({ transport: custom((window as unknown as { ethereum: EIP1193Provider }).ethereum) }).extend(erc7715ProviderActions());
const AMOUNTS = ['periodAmount', 'amountPerSecond', 'initialAmount', 'maxAmount', 'allowanceAmount'];
const plain = (value: unknown) => JSON.parse(JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? v.toString() : v)));

type Request = Parameters<ReturnType<ReturnType<typeof erc7715ProviderActions>>['requestExecutionPermissions']>[0][number];

(window as unknown as { smartAccountsKitDapp: unknown }).smartAccountsKitDapp = {
  async requestExecutionPermissions(requests: Request[]) {
    const withBigints = requests.map((request) => ({
      ...request,
      permission: { ...request.permission, data: Object.fromEntries(Object.entries(request.permission.data).map(([key, value]) => [key, AMOUNTS.includes(key) ? BigInt(value as string) : value])) },
    })) as Request[];
    return plain(await client().requestExecutionPermissions(withBigints));
  },
  getGrantedExecutionPermissions: async () => plain(await client().getGrantedExecutionPermissions()),
  getSupportedExecutionPermissions: async () => plain(await client().getSupportedExecutionPermissions()),
};
