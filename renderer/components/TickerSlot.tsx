import { LABELS } from '../../common/messages';

/**
 * Where the price ticker of SPEC section 1 is pinned on every signed-in page. Its data comes
 * with the exchange issue; until then it is an empty, labelled container that keeps its place.
 */
export function TickerSlot() {
  return <section className="ticker-slot" aria-label={LABELS.priceTicker} />;
}
