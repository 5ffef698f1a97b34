/** Sections of the Start New Cycle form: the pair with its live price, and a price with its suggestion. */
import { Form, Input } from 'antd';
import { CYCLE_SUGGESTED } from '../../../common/constants';
import { CYCLE_LABELS } from '../../../common/messages';
import { PairPriceField } from '../../components/runnables/PairPriceField';
import type { PairChoice } from '../../components/runnables/usePairChoice';
import { percentOf, type SuggestedPrices } from './suggestedPrices';

export type PriceField = keyof SuggestedPrices;

const SHARE: Record<PriceField, string> = {
  priceReachAt: percentOf(CYCLE_SUGGESTED.buy),
  sellPriceAt: percentOf(CYCLE_SUGGESTED.sell),
  stopLossAt: percentOf(CYCLE_SUGGESTED.stopLoss),
};

/** The pair, a button refreshing its live price, and that price once a pair is picked. */
export function CyclePairField({ pair, data }: { pair: string | undefined; data: PairChoice }) {
  return (
    <PairPriceField
      name="pair"
      labels={CYCLE_LABELS}
      priceLine={CYCLE_LABELS.livePriceOf}
      priceClassName="cycle-live-price"
      pair={pair}
      choice={data}
    />
  );
}

interface PriceFieldProps {
  field: PriceField;
  label: string;
  required: boolean;
  suggestions: SuggestedPrices | null;
}

/** A price in USDT, with the live price's suggestion for it underneath once there is one. */
export function SuggestedPriceField({ field, label, required, suggestions }: PriceFieldProps) {
  return (
    <Form.Item
      label={label}
      name={field}
      required={required}
      extra={suggestions ? CYCLE_LABELS.suggested(SHARE[field], suggestions[field]) : undefined}
    >
      <Input inputMode="decimal" suffix="USDT" aria-label={label} />
    </Form.Item>
  );
}
