import { useState, type CSSProperties } from 'react';
import { cleanText } from '../../shared/displayText';
import { t } from '../i18n/t';

/** A hue from every digit of the address, case ignored: two tokens that share a symbol rarely share a colour. */
function hueOf(address: string): number {
  let hue = 0;
  for (const digit of address.toLowerCase().replace(/^0x/, '')) hue = (hue * 31 + parseInt(digit, 16)) % 360;
  return hue;
}

/**
 * A token's logo when it is a data: image, or its first letters on a circle coloured by its address. Remote logos are
 * never loaded: fetching one would tell its host the user's IP address and when the wallet is open (the pages' CSP
 * allows only 'self' and data:). The wallet bundles no token list with logos, so a logo is the one the token came with.
 */
export function TokenImage({ image, symbol, address, size = 24 }: { image?: string; symbol: string; address: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  const style = { width: size, height: size, flex: 'none', borderRadius: '50%' };
  if (!image?.startsWith('data:image/') || failed) {
    return (
      <span aria-hidden="true" className="token-initials" style={{ ...style, fontSize: size / 2.6, '--hue': hueOf(address) } as CSSProperties}>
        {[...cleanText(symbol)].slice(0, 3).join('')}
      </span>
    );
  }
  return <img src={image} alt={t('components_tokenLogo', { symbol: cleanText(symbol) })} width={size} height={size} style={style} onError={() => setFailed(true)} />;
}
