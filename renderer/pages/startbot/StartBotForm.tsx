/** The Start New Bot form (SPEC sections 2, 3, 5, 8: Start bot form, Start bot). */
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import { Button, Form, Input, Select, Space, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { BOT_TYPES, type BotCategory, type StartBotRequest } from '../../../common/api/bots';
import { LEVERAGE_MAX, LEVERAGE_MIN, PROFIT_BOOK_MAX, PROFIT_BOOK_MIN } from '../../../common/constants';
import { BOT_LABELS, START_BOT_LABELS, UI } from '../../../common/messages';
import { leverageOf, optionalValue, startBotSchema, type StartBotFormValues } from '../../../common/schemas/bot-form';
import { botAmountShortfall } from '../../../common/schemas/bot-minimum';
import { useMessage } from '../../app/feedback';
import { yupRule } from '../../hooks/yupRule';
import { pairLabel } from '../../../common/pairs';
import { formatPrice } from '../../../common/format';
import { fetchStrategyGrids, useStartBot, useStartBotData, useStrategyGrids } from './useStartBot';
import { categoryOptions } from '../../components/bots/categoryOptions';
import { shownMinimum } from '../../components/bots/minimumAmount';
import { livePriceFigure, optionsState } from '../../components/states';

const [MULTIGRID, SCALPING] = BOT_TYPES;
const LEVERAGES = Array.from({ length: LEVERAGE_MAX - LEVERAGE_MIN + 1 }, (_, i) => LEVERAGE_MIN + i);

function toRequest(values: StartBotFormValues): StartBotRequest {
  const category = values.category as BotCategory;
  return {
    selectPair: values.selectPair as string,
    myStrategy: values.myStrategy as string,
    amount: Number(optionalValue(values.amount)),
    category,
    botType: values.botType as string,
    leverage: category === 'Future' ? leverageOf(values.leverage) : null,
    profitbookat: optionalValue(values.profitbookat),
    sellPausePrice: optionalValue(values.sellPausePrice),
    restartPrice: optionalValue(values.restartPrice),
    stoplossPrice: optionalValue(values.stoplossPrice),
  };
}

export function StartBotForm({ onPairChange }: { onPairChange: (pair: string) => void }) {
  const [form] = Form.useForm<StartBotFormValues>();
  const message = useMessage();
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(false);
  const pair = Form.useWatch('selectPair', form);
  const category = Form.useWatch('category', form) as BotCategory | undefined;
  const strategy = Form.useWatch('myStrategy', form);
  const data = useStartBotData(pair, category);
  const grids = useStrategyGrids(strategy);
  const start = useStartBot();
  // The server's rule for the chosen strategy's grid count, shown in the label and checked as typed.
  const minimum = shownMinimum(grids, data.minimumAmount);
  const schema = useMemo(
    () => startBotSchema({ minimumAmount: data.minimumAmount.toFixed(), grids }),
    [data.minimumAmount, grids],
  );
  const rule = (field: keyof StartBotFormValues) => [yupRule(schema, field)];
  const busy = checking || start.isPending;

  // A new minimum (another strategy, or the server's value loading) re-checks an amount already typed.
  useEffect(() => {
    if (form.isFieldTouched('amount')) void form.validateFields(['amount']).catch(() => undefined);
  }, [form, minimum]);

  const onFinish = async (values: StartBotFormValues) => {
    setChecking(true);
    let count: number;
    try {
      count = await fetchStrategyGrids(queryClient, values.myStrategy as string);
    } catch {
      message.error(UI.submitFailed);
      return;
    } finally {
      setChecking(false);
    }
    const shortfall = botAmountShortfall(optionalValue(values.amount) as string, count, data.minimumAmount);
    if (shortfall) {
      form.setFields([{ name: 'amount', errors: [shortfall] }]);
      return;
    }
    start.mutate(toRequest(values));
  };

  const price = data.livePrice.data?.price;
  return (
    <Form<StartBotFormValues> form={form} name="startBot" layout="vertical" onFinish={onFinish} disabled={busy}>
      <Form.Item label={START_BOT_LABELS.botType} name="botType" required rules={rule('botType')}>
        <Select
          aria-label={START_BOT_LABELS.botType}
          placeholder={START_BOT_LABELS.selectBotType}
          options={[
            { value: MULTIGRID, label: MULTIGRID },
            { value: SCALPING, label: START_BOT_LABELS.comingSoonOption(SCALPING), disabled: true },
          ]}
        />
      </Form.Item>
      <Form.Item label={START_BOT_LABELS.category} name="category" required rules={rule('category')}>
        <Select
          aria-label={START_BOT_LABELS.category}
          placeholder={START_BOT_LABELS.selectCategory}
          onChange={(next: BotCategory) => next === 'Spot' && form.setFieldValue('leverage', undefined)}
          options={categoryOptions(data.futuresEnabled)}
        />
      </Form.Item>
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
            {START_BOT_LABELS.livePrice(livePriceFigure(data.livePrice, formatPrice(price, data.livePrice.data?.tickSize)))}
          </Typography.Text>
        )}
      </Form.Item>
      <Form.Item label={BOT_LABELS.amountWithMin(minimum)} name="amount" required rules={rule('amount')}>
        <Input inputMode="numeric" suffix={BOT_LABELS.usdt} aria-label={BOT_LABELS.amountWithMin(minimum)} />
      </Form.Item>
      <Form.Item label={BOT_LABELS.strategy} name="myStrategy" required rules={rule('myStrategy')}>
        <Select
          aria-label={BOT_LABELS.strategy}
          placeholder={START_BOT_LABELS.selectStrategy}
          options={data.strategyNames.map((name) => ({ value: name, label: name }))}
          loading={data.strategiesLoading}
        />
      </Form.Item>
      {category === 'Future' && (
        <Form.Item label={BOT_LABELS.leverage} name="leverage" required rules={rule('leverage')}>
          <Select
            aria-label={BOT_LABELS.leverage}
            placeholder={START_BOT_LABELS.selectLeverage}
            options={LEVERAGES.map((x) => ({ value: x, label: BOT_LABELS.leverageOption(x) }))}
          />
        </Form.Item>
      )}
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
      <Button type="primary" htmlType="submit" block disabled={busy}>
        {busy ? UI.botStarting : START_BOT_LABELS.start}
      </Button>
    </Form>
  );
}
