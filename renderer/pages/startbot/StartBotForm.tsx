/** The Start New Bot form (SPEC sections 2, 3, 5, 8: Start bot form, Start bot). */
import { Button, Form, Input, Select } from 'antd';
import { BOT_TYPES, type BotCategory } from '../../../common/api/bots';
import { LEVERAGE_MAX, LEVERAGE_MIN } from '../../../common/constants';
import { BOT_LABELS, START_BOT_LABELS, UI } from '../../../common/messages';
import type { StartBotFormValues } from '../../../common/schemas/bot-form';
import { categoryOptions } from '../../components/bots/categoryOptions';
import { PairField, PriceLimitFields } from './StartBotFields';
import { useStartBotForm } from './useStartBotForm';

const [MULTIGRID, SCALPING] = BOT_TYPES;
const LEVERAGES = Array.from({ length: LEVERAGE_MAX - LEVERAGE_MIN + 1 }, (_, i) => LEVERAGE_MIN + i);

export function StartBotForm({ onPairChange }: { onPairChange: (pair: string) => void }) {
  const [form] = Form.useForm<StartBotFormValues>();
  const { pair, category, data, minimum, rule, onFinish, busy } = useStartBotForm(form);
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
      <PairField pair={pair} data={data} rule={rule} onPairChange={onPairChange} />
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
      <PriceLimitFields rule={rule} />
      <Button type="primary" htmlType="submit" block disabled={busy}>
        {busy ? UI.botStarting : START_BOT_LABELS.start}
      </Button>
    </Form>
  );
}
