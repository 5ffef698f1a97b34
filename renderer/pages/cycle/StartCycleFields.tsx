/** Sections of the Start New Cycle form: the pair with its live price, and a price with its suggestion. */
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import { Button, Form, Input, Select, Space, Typography } from 'antd';
import { CYCLE_SUGGESTED } from '../../../common/constants';
import { formatPrice } from '../../../common/format';
import { CYCLE_LABELS } from '../../../common/messages';
import { pairLabel } from '../../../common/pairs';
import { livePriceFigure, optionsState } from '../../components/states';
import { percentOf, type SuggestedPrices } from './suggestedPrices';
import type { useStartCycleData } from './useStartCycle';

export type PriceField = keyof SuggestedPrices;

const SHARE: Record<PriceField, string> = {
  priceReachAt: percentOf(CYCLE_SUGGESTED.buy),
  sellPriceAt: percentOf(CYCLE_SUGGESTED.sell),
  stopLossAt: percentOf(CYCLE_SUGGESTED.stopLoss),
};

interface PairFieldProps {
  pair: string | undefined;
  /** The live price shown, undefined without a pair. */
  price: string | undefined;
  data: ReturnType<typeof useStartCycleData>;
}

/** The pair, a button refreshing its live price, and that price once a pair is picked. */
export function CyclePairField({ pair, price, data }: PairFieldProps) {
  return (
    <Form.Item label={CYCLE_LABELS.pair} required>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name="pair" noStyle>
          <Select
            aria-label={CYCLE_LABELS.pair}
            showSearch
            placeholder={CYCLE_LABELS.selectPair}
            options={data.pairs.map((p) => ({ value: p, label: pairLabel(p) }))}
            {...optionsState(data.pairsQuery)}
          />
        </Form.Item>
        <Button
          aria-label={CYCLE_LABELS.refreshPrice}
          icon={<ReloadOutlined />}
          disabled={!pair}
          loading={data.livePrice.isFetching}
          onClick={() => void data.livePrice.refetch()}
        />
      </Space.Compact>
      {pair && (
        <Typography.Text type="secondary" className="cycle-live-price">
          {CYCLE_LABELS.livePriceOf(livePriceFigure(data.livePrice, formatPrice(price, data.livePrice.data?.tickSize)))}
        </Typography.Text>
      )}
    </Form.Item>
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
