/** Edit Stop Loss Take Profit (SPEC sections 2, 4, 5, 8): pause, restart and stoploss prices. */
import { Form, Input, Typography } from 'antd';
import { useMemo } from 'react';
import type { SltpValues } from '../../../common/api/bots';
import { RUNNING_BOT_LABELS, UI } from '../../../common/messages';
import { optionalValue, sltpSchema } from '../../../common/schemas/bot-form';
import { api } from '../../api/client';
import { yupRule } from '../../hooks/yupRule';
import { EditDialog } from './EditDialog';
import { formatPrice } from '../../../common/format';
import { useBotCommand } from './useBotCommand';

interface SltpForm {
  sellAllAndPausePrice?: string;
  restartPrice?: string;
  stoplossPrice?: string;
}

interface Props {
  id: string;
  open: boolean;
  onClose: () => void;
  livePrice: string | undefined;
  /** The pair's price step, for the live price's decimals. */
  tickSize?: string | null;
  values: SltpValues | undefined;
}

const FIELDS = [
  ['sellAllAndPausePrice', RUNNING_BOT_LABELS.pausePrice],
  ['restartPrice', RUNNING_BOT_LABELS.restartPrice],
  ['stoplossPrice', RUNNING_BOT_LABELS.stoplossPrice],
] as const;

export function SltpDialog({ id, open, onClose, livePrice, tickSize, values }: Props) {
  const [form] = Form.useForm<SltpForm>();
  const schema = useMemo(() => sltpSchema(() => livePrice), [livePrice]);
  const save = useBotCommand(
    id,
    (v: SltpForm) =>
      api.bots.editSltp({
        botID: id,
        sellAllAndPausePrice: optionalValue(v.sellAllAndPausePrice),
        restartPrice: optionalValue(v.restartPrice),
        stoplossPrice: optionalValue(v.stoplossPrice),
      }),
    { success: UI.sltpUpdated, failure: UI.sltpUpdateError },
    onClose,
  );
  const reset = useBotCommand(
    id,
    () => api.bots.editSltp({ botID: id, sellAllAndPausePrice: null, restartPrice: null, stoplossPrice: null }),
    { success: UI.sltpReset, failure: UI.sltpResetError },
    onClose,
  );
  return (
    <EditDialog<SltpForm>
      title={RUNNING_BOT_LABELS.sltpTitle}
      open={open}
      onClose={onClose}
      form={form}
      initialValues={{
        sellAllAndPausePrice: values?.sell_all_and_pause_at_price ?? '',
        restartPrice: values?.restart_at_price ?? '',
        stoplossPrice: values?.stoploss_and_stopbot_at_price ?? '',
      }}
      onSave={(v) => save.mutate(v)}
      onReset={() => reset.mutate(undefined)}
      saving={save.isPending}
      resetting={reset.isPending}
    >
      <Typography.Paragraph type="secondary">
        {RUNNING_BOT_LABELS.livePriceNow(formatPrice(livePrice, tickSize))}
      </Typography.Paragraph>
      {FIELDS.map(([name, label]) => (
        <Form.Item key={name} label={label} name={name} rules={[yupRule(schema, name)]}>
          <Input inputMode="decimal" aria-label={label} />
        </Form.Item>
      ))}
    </EditDialog>
  );
}
