/** personal_sign and eth_signTypedData_v4: shown to the user, signed by the account's key in the background. */
import { getBytes } from 'ethers';
import { assertTypedDataChain, messageText, parsePersonalSign, parseSignTypedData, siweDomainWarning } from '../../shared/schemas/signing';
import { method, type MethodTable } from './types';

export const signingMethods: MethodTable = {
  personal_sign: method({
    parse: parsePersonalSign,
    auth: 'account',
    account: (request) => request.address,
    approval: {
      type: 'signMessage',
      async prepare({ message }, { account, origin }) {
        const text = messageText(message);
        return text === null ? { account, message } : { account, message, text, siweWarning: siweDomainWarning(text, origin) };
      },
      async approve({ details }, _answer, services) {
        return (await services.accounts.signer(details.account)).signMessage(getBytes(details.message));
      },
    },
  }),
  eth_signTypedData_v4: method({
    parse: parseSignTypedData,
    auth: 'account',
    account: (request) => request.address,
    approval: {
      type: 'signTypedData',
      async prepare({ domain, types, primaryType, message }, { account, services }) {
        assertTypedDataChain(domain, (await services.networks.selected()).chainId);
        return { account, domain, types, primaryType, message };
      },
      async approve({ details }, _answer, services) {
        const { account, domain, types, message } = details;
        return (await services.accounts.signer(account)).signTypedData(domain, types, message);
      },
    },
  }),
};
