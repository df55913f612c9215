/** The approval whose Approve went to the Ledger: the window shows its "Confirm on your Ledger" step until it is answered. */
import { create } from 'zustand';
import type { DeviceRequest } from '../../../shared/deviceSigning';

interface DeviceStepStore {
  request: DeviceRequest | null;
  /** The user's answer to the approval (a fee tier), for asking the worker again after it refused a signature. */
  answer?: unknown;
  show(request: DeviceRequest, answer?: unknown): void;
  done(): void;
}

export const useDeviceStep = create<DeviceStepStore>((set) => ({
  request: null,
  show: (request, answer) => set({ request, answer }),
  done: () => set({ request: null, answer: undefined }),
}));
