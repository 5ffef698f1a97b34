import { LABELS } from '../../common/messages';
import { TickerBar } from './TickerBar';

/** Where the price ticker of SPEC section 1 is pinned on every signed-in page. */
export function TickerSlot() {
  return (
    <section className="ticker-slot" aria-label={LABELS.priceTicker}>
      <TickerBar />
    </section>
  );
}
