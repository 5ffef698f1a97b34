/** A symbol's image (/img/symbols/{name}.png); the base asset's initials when it cannot load. */
import { Avatar } from 'antd';
import { useState } from 'react';
import { baseAsset, symbolImagePath } from './symbol';

interface SymbolIconProps {
  /** Exchange symbol, e.g. 'BTCUSDT'. */
  symbol: string;
  size?: number;
}

export function SymbolIcon({ symbol, size = 32 }: SymbolIconProps) {
  const [failedFor, setFailedFor] = useState<string | null>(null);
  const initials = baseAsset(symbol).slice(0, 3);
  if (failedFor === symbol) {
    return (
      <Avatar size={size} className="symbol-icon symbol-icon-fallback" aria-hidden>
        {initials}
      </Avatar>
    );
  }
  return (
    <Avatar
      size={size}
      className="symbol-icon"
      src={<img src={symbolImagePath(symbol)} alt="" onError={() => setFailedFor(symbol)} />}
      aria-hidden
    />
  );
}
