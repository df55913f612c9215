/** How the popup names a collectible and what the account holds of it. */
import type { CollectibleHolding } from '../../../shared/collectibles';
import { cleanText } from '../../../shared/displayText';
import { t, uiLocale } from '../../i18n/t';

/** The collection's name (or its short contract address) and the token id: "Test Collectible #1". */
export const collectibleTitle = (c: CollectibleHolding): string => `${c.name === undefined ? `${c.address.slice(0, 6)}…${c.address.slice(-4)}` : cleanText(c.name)} #${c.tokenId}`;

/** "Held", "5 held" or "Not held any more", from the pending view. */
export function holdingText(c: CollectibleHolding): string {
  if (c.balance === null) return t('collectibles_holdingUnavailable');
  if (c.balance === '0') return t('collectibles_notHeld');
  return c.standard === 'ERC721' ? t('collectibles_held') : t('collectibles_heldCount', { count: BigInt(c.balance).toLocaleString(uiLocale()) });
}
