/**
 * A symbol's image (/img/symbols/{name}.png, shipped for the pairs the app lists); for a pair
 * without one, a neutral coin: a ringed disc in the theme's quiet colours with the base asset's
 * initials, drawn on purpose rather than a grey placeholder that looks like a failed image.
 */
import { theme } from 'antd';
import { useState } from 'react';
import { hasSymbolIcon } from '../../../common/symbol-icons';
import { baseAsset, symbolImagePath } from './symbol';

interface SymbolIconProps {
  /** Exchange symbol, e.g. 'BTCUSDT'. */
  symbol: string;
  size?: number;
}

/** The neutral coin: no request, no broken-image look. */
export function CoinGlyph({ symbol, size = 32 }: SymbolIconProps) {
  const { token } = theme.useToken();
  const initials = baseAsset(symbol).slice(0, 3);
  // Three letters need a smaller face than one or two to stay inside the ring.
  const fontSize = initials.length > 2 ? 9 : 11;
  return (
    <svg
      className="symbol-icon symbol-icon-fallback"
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden
      focusable="false"
    >
      <circle cx="16" cy="16" r="15" fill={token.colorFillSecondary} stroke={token.colorBorder} strokeWidth="1" />
      <circle cx="16" cy="16" r="11.5" fill="none" stroke={token.colorBorder} strokeWidth="1" strokeDasharray="2 2" />
      <text
        x="16"
        y="16"
        textAnchor="middle"
        dominantBaseline="central"
        fontSize={fontSize}
        fontWeight={600}
        fontFamily={token.fontFamily}
        fill={token.colorTextSecondary}
      >
        {initials}
      </text>
    </svg>
  );
}

export function SymbolIcon({ symbol, size = 32 }: SymbolIconProps) {
  const [failedFor, setFailedFor] = useState<string | null>(null);
  // A pair without a shipped icon never asks for one (a 404 per card); a file that fails to load falls back too.
  if (!hasSymbolIcon(symbol) || failedFor === symbol) return <CoinGlyph symbol={symbol} size={size} />;
  return (
    <img
      className="symbol-icon"
      src={symbolImagePath(symbol)}
      alt=""
      aria-hidden
      width={size}
      height={size}
      style={{ borderRadius: '50%', display: 'block' }}
      onError={() => setFailedFor(symbol)}
    />
  );
}
