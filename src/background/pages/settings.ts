/** The Settings screen: auto-lock, whether sites' providers say isMetaMask, and the user's ERC-7730 descriptors. */
import { invalidParams } from '../../shared/errors';
import { missingDeployments } from '../../shared/erc7730/userFile';
import { setMetaMaskCompatibility } from '../settings/compatibility';
import { MAX_AUTO_LOCK_MINUTES } from '../settings/settings';
import { fields, none, text } from './params';
import type { PageFamily } from './types';

/** The services these pages use. */
type Uses = 'descriptorCode' | 'descriptorFiles' | 'settings';

export const settingPages = {
  setAutoLock: {
    parse(params) {
      const { minutes } = fields(params);
      if (!Number.isInteger(minutes) || (minutes as number) < 1 || (minutes as number) > MAX_AUTO_LOCK_MINUTES) {
        throw invalidParams(`Auto-lock needs a whole number of minutes, from 1 to ${MAX_AUTO_LOCK_MINUTES} (a week)`);
      }
      return { minutes: minutes as number };
    },
    async handle({ minutes }, { services }) {
      await services.settings.update('settings', (s) => ({ ...s, autoLockMinutes: minutes }));
      return null;
    },
  },
  setMetaMaskCompatibility: {
    parse(params) {
      const { origin, enabled } = fields(params);
      if (enabled !== null && typeof enabled !== 'boolean') throw invalidParams('enabled must be true, false or null');
      return { origin: origin === undefined ? undefined : text(origin, 'origin'), enabled };
    },
    async handle({ origin, enabled }, { services }) {
      await setMetaMaskCompatibility(services.settings, origin, enabled);
      return null;
    },
  },
  addDescriptor: {
    parse(params) {
      const { name, json } = fields(params);
      const file = { name: text(name, 'name').slice(0, MAX_NAME), json };
      if (JSON.stringify(json ?? null).length > MAX_DESCRIPTOR_CHARS) throw invalidParams(`${file.name} is larger than ${MAX_DESCRIPTOR_CHARS / 1000} kB: a descriptor is a few kB`);
      const unbound = missingDeployments(json);
      if (unbound) throw invalidParams(`${file.name}: ${unbound}`);
      return file;
    },
    async handle(file, { services }) {
      // The parser is the later script's (ethers' fragment parser reads a format's key).
      const { parseDescriptor } = await services.descriptorCode();
      try {
        parseDescriptor(file.json, file.name);
      } catch (error) {
        throw invalidParams((error as Error).message);
      }
      await services.descriptorFiles.update(({ files, dropped }) => {
        const others = files.filter((f) => f.name !== file.name);
        if (others.length >= MAX_DESCRIPTORS) throw invalidParams(`At most ${MAX_DESCRIPTORS} descriptor files: remove one first`);
        return { files: [...others, file], dropped: dropped.filter((n) => n !== file.name) };
      });
      return null;
    },
  },
  removeDescriptor: {
    parse: (params) => ({ name: text(fields(params).name, 'name') }),
    async handle({ name }, { services }) {
      await services.descriptorFiles.update(({ files, dropped }) => ({ files: files.filter((f) => f.name !== name), dropped: dropped.filter((n) => n !== name) }));
      return null;
    },
  },
  getUnusedDescriptors: {
    parse: none,
    read: true,
    // The later script parses the files, loaded only when there are some; a failed load names none, the screen works.
    handle: (_p, { services }) => services.descriptorFiles.get().then(({ files }) => (files.length > 0 ? services.descriptorCode().then((code) => code.unusedDescriptors(files), () => []) : [])),
  },
} satisfies PageFamily<Uses>;

const MAX_NAME = 100;
const MAX_DESCRIPTORS = 20;
const MAX_DESCRIPTOR_CHARS = 200_000;
