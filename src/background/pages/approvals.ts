/** The approval window: the preview of what a request would do, and the user's decision. */
import { invalidParams } from '../../shared/errors';
import { boolean } from '../../shared/params';
import { fields, text } from './params';
import { approvalPreview } from './preview';
import type { PageFamily } from './types';

/** The services these pages use. */
type Uses = 'approvals' | 'batches' | 'deviceSigning' | 'networks' | 'nodeFor' | 'previews';

const REJECT_REASONS = ['decline-upgrade'] as const;

export const approvalPages = {
  previewApproval: { parse: (params) => ({ id: text(fields(params).id, 'id') }), read: true, handle: (p, { services }) => approvalPreview(services, p.id) },
  resolveApproval: {
    parse(params) {
      const p = fields(params);
      const reason = p.reason === undefined ? undefined : REJECT_REASONS.find((r) => r === p.reason);
      if (p.reason !== undefined && !reason) throw invalidParams(`reason must be one of ${REJECT_REASONS.join(', ')}`);
      return { id: text(p.id, 'id'), approved: boolean(p.approved, 'approved'), answer: p.answer, ...(reason ? { reason } : {}) };
    },
    async handle({ id, approved, answer, reason }, { services }) {
      // Its account's key is not in the wallet: approved only with the device's signature (deviceSigned); the window
      // gets what the device must sign in the same reply, so a key account's Approve stays one message.
      if (approved && (await services.deviceSigning.needsDevice(id, answer))) {
        const device = await services.deviceSigning.request(id, answer);
        if (!device) throw invalidParams(`Request ${id} is signed on the Ledger: approve it there`);
        return device;
      }
      await services.approvals.settle(id, approved ? { approved, answer } : { approved, reason });
      return null;
    },
  },
} satisfies PageFamily<Uses>;
