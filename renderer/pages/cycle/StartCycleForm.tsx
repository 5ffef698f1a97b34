/**
 * 'Start New Cycle' (SPEC sections 2, 5, 7, 8): category, pair with its live price, amount,
 * cycle count, buy-at, sell-at and stop loss prefilled at 95 %, 105 % and 80 % of the live
 * price, leverage for Future. Required fields are marked but nothing is checked here (SPEC
 * section 5): the server checks the request and its refusal is what the member reads.
 */
import { Button, Form, Input, Select, type FormInstance } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import type { BotCategory } from '../../../common/api/bots';
import type { StartCycleRequest } from '../../../common/api/cycles';
import { LEVERAGE_MAX, LEVERAGE_MIN } from '../../../common/constants';
import { CYCLE_LABELS, UI } from '../../../common/messages';
import { suggestedPrices, type SuggestedPrices } from './suggestedPrices';
import { useStartCycle, useStartCycleData } from './useStartCycle';
import { categoryOptions } from '../../components/bots/categoryOptions';
import { CyclePairField, SuggestedPriceField, type PriceField } from './StartCycleFields';

export interface StartCycleFormValues {
  category?: BotCategory;
  pair?: string;
  amount?: string;
  cycleCount?: string;
  priceReachAt?: string;
  sellPriceAt?: string;
  stopLossAt?: string;
  leverage?: number;
}

const LEVERAGES = Array.from({ length: LEVERAGE_MAX - LEVERAGE_MIN + 1 }, (_, i) => LEVERAGE_MIN + i);
const PRICE_FIELDS: readonly PriceField[] = ['priceReachAt', 'sellPriceAt', 'stopLossAt'];

const text = (value: string | undefined): string => (value ?? '').trim();

/** The form as typed: empty fields go as '' so the server names what is missing. */
export function toStartCycleRequest(values: StartCycleFormValues): StartCycleRequest {
  const category = (values.category ?? '') as BotCategory;
  return {
    category,
    pair: values.pair ?? '',
    amount: text(values.amount),
    priceReachAt: text(values.priceReachAt),
    sellPriceAt: text(values.sellPriceAt),
    stopLossAt: text(values.stopLossAt),
    cycleCount: text(values.cycleCount),
    leverage: category === 'Future' ? (values.leverage ?? null) : null,
  };
}

/**
 * Fills the prices with the live price's suggestions. A price the member typed stays; one that
 * is empty or still the previous suggestion follows the new live price (another pair, a refresh).
 */
function useSuggestions(form: FormInstance<StartCycleFormValues>, suggestions: SuggestedPrices | null) {
  const last = useRef<SuggestedPrices | null>(null);
  useEffect(() => {
    if (!suggestions) return;
    for (const field of PRICE_FIELDS) {
      const current = text(form.getFieldValue(field) as string | undefined);
      if (current === '' || current === last.current?.[field]) form.setFieldValue(field, suggestions[field]);
    }
    last.current = suggestions;
  }, [form, suggestions]);
}

export function StartCycleForm() {
  const [form] = Form.useForm<StartCycleFormValues>();
  const pair = Form.useWatch('pair', form);
  const category = Form.useWatch('category', form);
  const data = useStartCycleData(pair, category);
  const start = useStartCycle();
  const price = pair ? data.livePrice.data?.price : undefined;
  // Keyed by the price's value: a refetch answering the same price suggests nothing new.
  const suggestions = useMemo(() => suggestedPrices(price), [price]);
  useSuggestions(form, suggestions);
  const busy = start.isPending;

  return (
    <Form<StartCycleFormValues>
      form={form}
      name="startCycle"
      layout="vertical"
      onFinish={(values) => start.mutate(toStartCycleRequest(values))}
      disabled={busy}
    >
      <Form.Item label={CYCLE_LABELS.category} name="category" required>
        <Select
          aria-label={CYCLE_LABELS.category}
          placeholder={CYCLE_LABELS.selectCategory}
          onChange={(next: BotCategory) => next === 'Spot' && form.setFieldValue('leverage', undefined)}
          options={categoryOptions(data.futuresEnabled)}
        />
      </Form.Item>
      <CyclePairField pair={pair} data={data} />
      {category === 'Future' && (
        <Form.Item label={CYCLE_LABELS.leverage} name="leverage">
          <Select
            aria-label={CYCLE_LABELS.leverage}
            placeholder={CYCLE_LABELS.selectLeverage}
            options={LEVERAGES.map((x) => ({ value: x, label: CYCLE_LABELS.leverageOption(x) }))}
          />
        </Form.Item>
      )}
      <Form.Item label={CYCLE_LABELS.amount} name="amount" required>
        <Input inputMode="decimal" suffix="USDT" aria-label={CYCLE_LABELS.amount} />
      </Form.Item>
      <Form.Item label={CYCLE_LABELS.cycleCount} name="cycleCount" required>
        <Input inputMode="numeric" aria-label={CYCLE_LABELS.cycleCount} />
      </Form.Item>
      <SuggestedPriceField field="priceReachAt" label={CYCLE_LABELS.buyAt} required suggestions={suggestions} />
      <SuggestedPriceField field="sellPriceAt" label={CYCLE_LABELS.sellAt} required suggestions={suggestions} />
      <SuggestedPriceField field="stopLossAt" label={CYCLE_LABELS.stopLossAt} required={false} suggestions={suggestions} />
      <Button type="primary" htmlType="submit" block disabled={busy}>
        {busy ? UI.cycleStarting : CYCLE_LABELS.start}
      </Button>
    </Form>
  );
}
