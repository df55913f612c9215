import { useState } from 'react';

/** A token's logo (https: or data: URL, checked by the background), or its first letters when there is none or it fails. */
export function TokenImage({ image, symbol, size = 24 }: { image?: string; symbol: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  const style = { width: size, height: size, flex: 'none', borderRadius: '50%' };
  if (!image || failed) {
    return (
      <span aria-hidden="true" className="token-initials" style={{ ...style, fontSize: size / 2.6 }}>
        {[...symbol].slice(0, 3).join('')}
      </span>
    );
  }
  return <img src={image} alt={`${symbol} logo`} width={size} height={size} style={style} referrerPolicy="no-referrer" onError={() => setFailed(true)} />;
}
