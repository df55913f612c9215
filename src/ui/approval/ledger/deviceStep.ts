/** The approval whose Approve went to the Ledger: the window shows its "Confirm on your Ledger" step until it is answered. */
import { create } from 'zustand';
import type { DeviceRequest } from '../../../shared/deviceSigning';

interface DeviceStepStore {
  request: DeviceRequest | null;
  show(request: DeviceRequest): void;
  done(): void;
}

export const useDeviceStep = create<DeviceStepStore>((set) => ({
  request: null,
  show: (request) => set({ request }),
  done: () => set({ request: null }),
}));
