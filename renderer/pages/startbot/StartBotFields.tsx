/** Sections of the Start New Bot form: the pair with its live price, and the optional price limits. */
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import { Button, Form, Input, Select, Space, Typography } from 'antd';
import { PROFIT_BOOK_MAX, PROFIT_BOOK_MIN } from '../../../common/constants';
import { formatPrice } from '../../../common/format';
import { BOT_LABELS, START_BOT_LABELS } from '../../../common/messages';
import { pairLabel } from '../../../common/pairs';
import { livePriceFigure, optionsState } from '../../components/states';
import type { useStartBotData } from './useStartBot';
import type { FieldRules } from './useStartBotForm';

interface PairFieldProps {
  pair: string | undefined;
  data: ReturnType<typeof useStartBotData>;
  rule: FieldRules;
  onPairChange: (pair: string) => void;
}

/** The pair, a button refreshing its live price, and that price once a pair is picked. */
export function PairField({ pair, data, rule, onPairChange }: PairFieldProps) {
  return (
    <Form.Item label={BOT_LABELS.pair} required>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name="selectPair" noStyle rules={rule('selectPair')}>
          <Select
            aria-label={BOT_LABELS.pair}
            showSearch
            placeholder={START_BOT_LABELS.selectPair}
            onChange={(next: string) => onPairChange(next)}
            options={data.pairs.map((p) => ({ value: p, label: pairLabel(p) }))}
            {...optionsState(data.pairsQuery)}
          />
        </Form.Item>
        <Button
          aria-label={START_BOT_LABELS.refreshPrice}
          icon={<ReloadOutlined />}
          disabled={!pair}
          loading={data.livePrice.isFetching}
          onClick={() => void data.livePrice.refetch()}
        />
      </Space.Compact>
      {pair && (
        <Typography.Text type="secondary" className="start-live-price">
          {START_BOT_LABELS.livePrice(
            livePriceFigure(data.livePrice, formatPrice(data.livePrice.data?.price, data.livePrice.data?.tickSize)),
          )}
        </Typography.Text>
      )}
    </Form.Item>
  );
}

/** Profit book, sell & pause, restart and stop loss: optional, each checked as typed. */
export function PriceLimitFields({ rule }: { rule: FieldRules }) {
  return (
    <>
      <Form.Item label={START_BOT_LABELS.profitBook} name="profitbookat" rules={rule('profitbookat')}>
        <Input
          inputMode="decimal"
          placeholder={`${PROFIT_BOOK_MIN}-${PROFIT_BOOK_MAX}`}
          aria-label={START_BOT_LABELS.profitBook}
        />
      </Form.Item>
      <Form.Item label={START_BOT_LABELS.sellPausePrice} name="sellPausePrice" rules={rule('sellPausePrice')}>
        <Input inputMode="decimal" aria-label={START_BOT_LABELS.sellPausePrice} />
      </Form.Item>
      <Form.Item label={START_BOT_LABELS.restartPrice} name="restartPrice" rules={rule('restartPrice')}>
        <Input inputMode="decimal" aria-label={START_BOT_LABELS.restartPrice} />
      </Form.Item>
      <Form.Item label={START_BOT_LABELS.stoplossPrice} name="stoplossPrice" rules={rule('stoplossPrice')}>
        <Input inputMode="decimal" aria-label={START_BOT_LABELS.stoplossPrice} />
      </Form.Item>
    </>
  );
}
