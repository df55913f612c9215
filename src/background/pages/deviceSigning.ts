/** The approval window's half of signing on a Ledger (../deviceSigning/): the payload to sign, and the device's signature. */
import { ErrorCode, RpcError, UNLOCK_FIRST } from '../../shared/errors';
import { data } from '../../shared/params';
import type { Using } from '../services';
import { fields, text } from './params';
import type { PageFamily } from './types';

/** The services these pages use. */
type Uses = 'deviceSigning' | 'vault';

/** Nothing is signed while locked, on the device either: the window shows Unlock, and the worker holds to it. */
async function unlocked(services: Using<Uses>): Promise<void> {
  if (!(await services.vault.secret())) throw new RpcError(ErrorCode.unauthorized, UNLOCK_FIRST);
}

export const deviceSigningPages = {
  deviceRequest: {
    parse: (params) => {
      const p = fields(params);
      return { id: text(p.id, 'id'), answer: p.answer, refused: p.refused === true };
    },
    async handle({ id, answer, refused }, { services }) {
      await unlocked(services);
      return refused ? services.deviceSigning.refusedUpgrade(id) : services.deviceSigning.request(id, answer);
    },
  },
  deviceSigned: {
    parse: (params) => {
      const p = fields(params);
      // A list only for a sequential batch's transactions, each checked against its payload (devicePayloads.ts).
      const signature = Array.isArray(p.signature) ? p.signature.map((s) => data(s, 'signature')) : data(p.signature, 'signature');
      return { id: text(p.id, 'id'), signature };
    },
    async handle({ id, signature }, { services }) {
      await unlocked(services);
      await services.deviceSigning.signed(id, signature);
      return null;
    },
  },
} satisfies PageFamily<Uses>;
