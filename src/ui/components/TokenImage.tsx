import { useState } from 'react';
import { cleanText } from '../../shared/displayText';

/**
 * A token's logo when it is a data: image, or its first letters. Remote logos are never loaded: fetching one would
 * tell its host the user's IP address and when the wallet is open (the pages' CSP allows only 'self' and data:).
 */
export function TokenImage({ image, symbol, size = 24 }: { image?: string; symbol: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  const style = { width: size, height: size, flex: 'none', borderRadius: '50%' };
  if (!image?.startsWith('data:image/') || failed) {
    return (
      <span aria-hidden="true" className="token-initials" style={{ ...style, fontSize: size / 2.6 }}>
        {[...cleanText(symbol)].slice(0, 3).join('')}
      </span>
    );
  }
  return <img src={image} alt={`${cleanText(symbol)} logo`} width={size} height={size} style={style} onError={() => setFailed(true)} />;
}
