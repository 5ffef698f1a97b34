/**
 * Copy BOTs' 'Start New Bot' dialog (SPEC sections 2, 5, 8): the bot's strategy, total grid and
 * pair, the member's available USDT, an amount in USDT whose label shows the minimum the server
 * will hold it to (bot-minimum.ts), leverage 1x-10x for Future bots, Start Bot and Cancel.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Flex, Form, InputNumber, Modal, Select } from 'antd';
import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import type { LiveBot } from '../../../common/api/bots';
import { LEVERAGE_MAX, LEVERAGE_MIN, MIN_BOT_AMOUNT_DEFAULT_LIVE_DIALOG } from '../../../common/constants';
import { formatMoney } from '../../../common/money';
import { BOT_LABELS, RUNNING_BOT_LABELS, UI, VALIDATION } from '../../../common/messages';
import { ROUTES } from '../../../common/routes';
import { botAmountShortfall } from '../../../common/schemas/bot-minimum';
import { pairLabel } from '../../../common/pairs';
import { api } from '../../api/client';
import { useMessage } from '../../app/feedback';
import { serverMinimum, shownMinimum } from '../../components/bots/minimumAmount';
import { startBotErrorMessage } from '../../components/bots/startErrors';
import { useCopyBalance } from './useCopyBalance';

export const MINIMUM_BOT_AMOUNT_KEY = ['market', 'minimumBotAmount'] as const;
const COPIED_BOT_TYPE = 'Advanced Multigrid';
const LEVERAGES = Array.from({ length: LEVERAGE_MAX - LEVERAGE_MIN + 1 }, (_, i) => LEVERAGE_MIN + i);

interface FormValues {
  amount?: number | null;
  leverage?: number;
}

/** The server minimum; 'Failed to fetch minimum bot amount.' once if it cannot be read. */
function useServerMinimum() {
  const message = useMessage();
  const query = useQuery({ queryKey: MINIMUM_BOT_AMOUNT_KEY, queryFn: () => api.market.minimumBotAmount() });
  useEffect(() => {
    if (query.isError) message.error(UI.minBotAmountError);
  }, [query.isError, message]);
  return query.data?.minimumBotAmount ?? null;
}

function useStart(bot: LiveBot) {
  const message = useMessage();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (values: FormValues) =>
      api.bots.start({
        selectPair: bot.name,
        myStrategy: bot.strategy_name,
        amount: Number(values.amount),
        category: bot.category,
        botType: COPIED_BOT_TYPE,
        leverage: bot.category === 'Future' ? (values.leverage ?? LEVERAGE_MIN) : null,
        profitbookat: null,
        // The copied bot's grids, whoever's strategy they came from (a name alone may not be ours).
        copyBotID: bot.id,
      }),
    onSuccess: () => {
      message.success(UI.botStarting);
      void navigate(ROUTES.dashboard);
    },
    onError: (error) => {
      message.error(startBotErrorMessage(error));
    },
  });
}

interface StartLiveBotModalProps {
  /** The bot to copy; the dialog is open while it is set. */
  bot: LiveBot;
  onClose: () => void;
}

export function StartLiveBotModal({ bot, onClose }: StartLiveBotModalProps) {
  const [form] = Form.useForm<FormValues>();
  const loaded = useServerMinimum();
  const server = useMemo(() => serverMinimum(loaded, MIN_BOT_AMOUNT_DEFAULT_LIVE_DIALOG), [loaded]);
  const minimum = shownMinimum(bot.total_grid, server);
  const balance = useCopyBalance(bot.category);
  const start = useStart(bot);
  const future = bot.category === 'Future';

  const amountRule = {
    validator: async (_: unknown, value: number | null | undefined) => {
      if (value === null || value === undefined) throw new Error(VALIDATION.amountRequired);
      if (!Number.isFinite(value)) throw new Error(VALIDATION.amountNumber);
      const shortfall = botAmountShortfall(String(value), bot.total_grid, server);
      if (shortfall !== null) throw new Error(shortfall);
    },
  };

  return (
    <Modal open title={BOT_LABELS.startNewBot} onCancel={onClose} footer={null} destroyOnHidden>
      <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
        <Descriptions.Item label={BOT_LABELS.strategy}>{bot.strategy_name}</Descriptions.Item>
        <Descriptions.Item label={BOT_LABELS.totalGrid}>{bot.total_grid}</Descriptions.Item>
        <Descriptions.Item label={BOT_LABELS.pair}>{pairLabel(bot.name)}</Descriptions.Item>
        <Descriptions.Item label={BOT_LABELS.availableBalance}>
          {balance === null ? RUNNING_BOT_LABELS.notSet : `${formatMoney(balance)} ${BOT_LABELS.usdt}`}
        </Descriptions.Item>
      </Descriptions>
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={{ leverage: LEVERAGE_MIN }}
        onFinish={(values) => start.mutate(values)}
      >
        {/* The rule depends on the minimum, which changes once the server value loads; `required` only marks the label. */}
        <Form.Item name="amount" label={BOT_LABELS.amountWithMin(minimum)} required rules={[amountRule]}>
          <InputNumber style={{ width: '100%' }} step={1} precision={0} suffix={BOT_LABELS.usdt} />
        </Form.Item>
        {future && (
          <Form.Item
            name="leverage"
            label={BOT_LABELS.leverage}
            rules={[{ required: true, message: VALIDATION.leverageRequired }]}
          >
            <Select virtual={false} options={LEVERAGES.map((x) => ({ value: x, label: BOT_LABELS.leverageOption(x) }))} />
          </Form.Item>
        )}
        <Flex gap={8}>
          <Button block onClick={onClose} disabled={start.isPending}>
            {BOT_LABELS.cancel}
          </Button>
          <Button type="primary" htmlType="submit" block loading={start.isPending}>
            {BOT_LABELS.startBot}
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}
