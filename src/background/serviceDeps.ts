/**
 * What the composition root (createServices.ts) is handed, the browser's storage areas and APIs (index.ts) or memory
 * backends and fakes (a unit test), and what it hands back.
 */
import type { Network } from '../shared/networks';
import type { AlarmsApi } from './alarms';
import type { ApprovalWindow } from './approvals/types';
import type { ReadExtensionFile } from './clearSigning/descriptors';
import type { GrantRecordStore } from './executionPermissions/store';
import type { PhishingListStore, PhishingUpdates } from './protection/phishingUpdates';
import type { LocalSchema, SessionSchema } from './schema';
import type { Services } from './services';
import type { DescriptorFileStore } from './settings/descriptorFiles';
import type { SealKeyStore } from './storage/seal';
import type { StorageArea, StorageBackend, TypedStorage } from './storage/typedStorage';
import type { Frames, SendToTab } from './transport/frames';
import type { IdleTimer } from './vault/autoLock';

export interface ServiceDeps {
  /** The devnet build (scripts/build.ts; index.ts reads the flag): loopback paymasters and bundlers allowed there only. */
  devnetBuild: boolean;
  /** Picked in index.ts by the build flag itself, so the production bundle drops the devnet's list and its URLs. */
  builtInNetworks: readonly Network[];
  /** browser.storage.local, and how its changes are heard (the cache drops what another context wrote). */
  localArea: StorageBackend;
  onLocalChanged(listener: (changes: Record<string, unknown>) => void): void;
  /** browser.storage.session, and how its changes are heard (as for local storage). */
  sessionArea: StorageArea;
  onSessionChanged(listener: (changes: Record<string, unknown>) => void): void;
  /** Where the key sealing stored records lives (IndexedDB in the extension). */
  sealKeys: SealKeyStore;
  /** Where the newer phishing list is kept (IndexedDB in the extension). */
  phishingLists: PhishingListStore;
  /** The user's ERC-7730 files (the extension's IndexedDB in the worker). */
  descriptorFiles: DescriptorFileStore;
  /** The execution permissions granted (the extension's IndexedDB in the worker). */
  grantRecords: GrantRecordStore;
  /** The release's phishing list, the extension's file SHIPPED_LIST_FILE, as text. */
  readShippedPhishingList(): Promise<string>;
  alarms: AlarmsApi;
  /** Any cheap extension API call: while pages listen to the chain, the worker is kept from stopping. */
  keepAlive(): Promise<unknown>;
  /** When the tab was last shown (browser.tabs.get): now while active, else its `lastAccessed`. */
  tabShownAt(tabId: number): Promise<number | undefined>;
  /** browser.tabs.sendMessage: frames whose port died with an earlier worker. */
  sendToTab: SendToTab;
  /** A JSON file shipped with the extension (the ERC-7730 descriptors and registry), read when first needed. */
  readExtensionFile: ReadExtensionFile;
  /** The approval and activity windows, over the session slices that remember them. */
  windows: {
    approval(session: TypedStorage<SessionSchema>, unlocked: () => Promise<boolean>): ApprovalWindow;
    activity(session: TypedStorage<SessionSchema>): Services['showActivity'];
  };
}

/** The services, and the parts only the composition root uses (the listeners it registers reach them). */
export interface Background {
  services: Services;
  local: TypedStorage<LocalSchema>;
  session: TypedStorage<SessionSchema>;
  frames: Frames;
  idleTimer: IdleTimer;
  approvalWindow: ApprovalWindow;
  phishingUpdates: PhishingUpdates;
}
