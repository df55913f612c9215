/** For unit tests: the release's phishing list as the build ships it (eth-phishing-detect's config.json). */
import config from 'eth-phishing-detect/src/config.json';
import { DEVNET_LISTED_HOST, shippedListsOf } from './phishingList';

/** The file's text, as the worker reads it from the extension. */
export const readShippedList = async (): Promise<string> => JSON.stringify(config);

/** The release's lists as the devnet build has them, with `fetched` added when given. */
export const shippedLists = (fetched?: ReturnType<typeof shippedListsOf>['shipped']) => ({ ...shippedListsOf(config, [DEVNET_LISTED_HOST]), ...(fetched ? { fetched } : {}) });
