/** The approval window's half of signing on a Ledger (../deviceSigning/): the payload to sign, and the device's signature. */
import { data } from '../../shared/params';
import { fields, text } from './params';
import type { PageFamily } from './types';

/** The services these pages use. */
type Uses = 'deviceSigning';

export const deviceSigningPages = {
  deviceRequest: {
    parse: (params) => {
      const p = fields(params);
      return { id: text(p.id, 'id'), answer: p.answer };
    },
    handle: ({ id, answer }, { services }) => services.deviceSigning.request(id, answer),
  },
  deviceSigned: {
    parse: (params) => {
      const p = fields(params);
      return { id: text(p.id, 'id'), signature: data(p.signature, 'signature') };
    },
    async handle({ id, signature }, { services }) {
      await services.deviceSigning.signed(id, signature);
      return null;
    },
  },
} satisfies PageFamily<Uses>;
