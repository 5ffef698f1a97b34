/** Sections of the Start New Bot form: the pair with its live price, and the optional price limits. */
import { Form, Input } from 'antd';
import { PROFIT_BOOK_MAX, PROFIT_BOOK_MIN } from '../../../common/constants';
import { BOT_LABELS, START_BOT_LABELS } from '../../../common/messages';
import { PairPriceField } from '../../components/runnables/PairPriceField';
import type { PairChoice } from '../../components/runnables/usePairChoice';
import type { FieldRules } from './useStartBotForm';

interface PairFieldProps {
  pair: string | undefined;
  data: PairChoice;
  rule: FieldRules;
  onPairChange: (pair: string) => void;
}

const PAIR_LABELS = {
  pair: BOT_LABELS.pair,
  selectPair: START_BOT_LABELS.selectPair,
  refreshPrice: START_BOT_LABELS.refreshPrice,
};

/** The pair, a button refreshing its live price, and that price once a pair is picked. */
export function PairField({ pair, data, rule, onPairChange }: PairFieldProps) {
  return (
    <PairPriceField
      name="selectPair"
      labels={PAIR_LABELS}
      priceLine={START_BOT_LABELS.livePrice}
      priceClassName="start-live-price"
      pair={pair}
      choice={data}
      rules={rule('selectPair')}
      onPairChange={onPairChange}
    />
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
