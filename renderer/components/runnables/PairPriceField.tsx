/**
 * A start form's pair: the Select of pairs, a button refreshing the pair's live price, and that
 * price on a line under them once a pair is picked (Loading... or that it failed, never a dash).
 * Each kind's form names its field, its labels and how its line reads.
 */
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import { Button, Form, Select, Space, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { formatPrice } from '../../../common/format';
import { pairLabel } from '../../../common/pairs';
import { livePriceFigure, optionsState } from '../states';
import type { PairChoice } from './usePairChoice';

export interface PairPriceFieldProps {
  /** The form's field holding the pair. */
  name: string;
  labels: { pair: string; selectPair: string; refreshPrice: string };
  /** The line under the pair, given the price as shown (or Loading..., or the failure). */
  priceLine: (figure: string) => string;
  /** The class of that line (what the styles and tests find). */
  priceClassName: string;
  pair: string | undefined;
  /** The price shown; by default the live price read. */
  price?: string;
  choice: PairChoice;
  rules?: Rule[];
  onPairChange?: (pair: string) => void;
}

export function PairPriceField({
  name,
  labels,
  priceLine,
  priceClassName,
  pair,
  price,
  choice,
  rules,
  onPairChange,
}: PairPriceFieldProps) {
  const { livePrice } = choice;
  const shown = price ?? livePrice.data?.price;
  return (
    <Form.Item label={labels.pair} required>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name={name} noStyle rules={rules}>
          <Select
            aria-label={labels.pair}
            showSearch
            placeholder={labels.selectPair}
            onChange={onPairChange}
            options={choice.pairs.map((p) => ({ value: p, label: pairLabel(p) }))}
            {...optionsState(choice.pairsQuery)}
          />
        </Form.Item>
        <Button
          aria-label={labels.refreshPrice}
          icon={<ReloadOutlined />}
          disabled={!pair}
          loading={livePrice.isFetching}
          onClick={() => void livePrice.refetch()}
        />
      </Space.Compact>
      {pair && (
        <Typography.Text type="secondary" className={priceClassName}>
          {priceLine(livePriceFigure(livePrice, formatPrice(shown, livePrice.data?.tickSize)))}
        </Typography.Text>
      )}
    </Form.Item>
  );
}
