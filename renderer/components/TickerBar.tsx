/**
 * The live price ticker of SPEC section 1: about 22 USDT pairs with price and 24 h change,
 * scrolling as a marquee that pauses under the pointer (and stands still for members who ask
 * for reduced motion, where it scrolls by hand instead).
 */
import type { TickerEntry } from '../../common/api/exchange';
import { formatPercent, formatPrice, NO_VALUE } from '../../common/format';
import { useLiveTickers } from '../hooks/useLiveTickers';
import './TickerBar.css';

/**
 * A ticker price, to its pair's tick size when the server sent it ('67392.7' on a 0.01 tick
 * reads '67392.70'), else common/format's fallback (at least 5 significant digits, 2 to 8 decimals).
 */
export function formatTickerPrice(price: string, tickSize?: string): string {
  return formatPrice(price, tickSize);
}

/** The 24 h change with its sign ('+1.25%'); a change that rounds to 0.00 % is neither up nor down, so it shows as up. */
export function formatChange(changePercent: string): { text: string; up: boolean } {
  const text = formatPercent(changePercent, { signed: true });
  return { text, up: !(text.startsWith('-') && text !== NO_VALUE) };
}

const pairName = (symbol: string) => symbol.replace(/USDT$/, '/USDT');

function Item({ ticker }: { ticker: TickerEntry }) {
  const change = formatChange(ticker.changePercent);
  return (
    <li className="ticker-item" data-symbol={ticker.symbol}>
      <span className="ticker-symbol">{pairName(ticker.symbol)}</span>
      <span className="ticker-price">{formatTickerPrice(ticker.price, ticker.tickSize)}</span>
      <span className={change.up ? 'ticker-change ticker-up' : 'ticker-change ticker-down'}>{change.text}</span>
    </li>
  );
}

export function TickerBar() {
  const tickers = useLiveTickers();
  if (tickers.length === 0) return null;
  // Two copies make the loop seamless: the track slides by half its width, then starts over.
  return (
    <div className="ticker-viewport">
      <div className="ticker-track" style={{ animationDuration: `${Math.max(tickers.length * 3, 20)}s` }}>
        <ul className="ticker-list">
          {tickers.map((t) => (
            <Item key={t.symbol} ticker={t} />
          ))}
        </ul>
        <ul className="ticker-list" aria-hidden="true">
          {tickers.map((t) => (
            <Item key={t.symbol} ticker={t} />
          ))}
        </ul>
      </div>
    </div>
  );
}
