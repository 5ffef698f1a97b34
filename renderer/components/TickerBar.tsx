/**
 * The live price ticker of SPEC section 1: about 22 USDT pairs with price and 24 h change,
 * scrolling as a marquee that pauses under the pointer (and stands still for members who ask
 * for reduced motion, where it scrolls by hand instead).
 */
import { Decimal } from '../../common/decimal';
import type { TickerEntry } from '../../common/api/exchange';
import { useLiveTickers } from '../hooks/useLiveTickers';
import './TickerBar.css';

/** Enough digits to see a move: cents above 1 USDT, 4 significant digits below. */
export function formatTickerPrice(price: string): string {
  try {
    const value = new Decimal(price);
    return value.abs().gte(1) ? value.toFixed(2) : value.toSignificantDigits(4).toFixed();
  } catch {
    return price;
  }
}

export function formatChange(changePercent: string): { text: string; up: boolean } {
  try {
    const value = new Decimal(changePercent);
    return { text: `${value.gte(0) ? '+' : ''}${value.toFixed(2)}%`, up: value.gte(0) };
  } catch {
    return { text: `${changePercent}%`, up: true };
  }
}

const pairName = (symbol: string) => symbol.replace(/USDT$/, '/USDT');

function Item({ ticker }: { ticker: TickerEntry }) {
  const change = formatChange(ticker.changePercent);
  return (
    <li className="ticker-item" data-symbol={ticker.symbol}>
      <span className="ticker-symbol">{pairName(ticker.symbol)}</span>
      <span className="ticker-price">{formatTickerPrice(ticker.price)}</span>
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
