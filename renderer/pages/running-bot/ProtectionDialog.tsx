/** Overbuy Grid Protection (SPEC sections 2, 4, 5, 8): an integer 1 to total_grid - 1, or reset. */
import { Form, Input, Typography } from 'antd';
import { useMemo } from 'react';
import { RUNNING_BOT_LABELS, UI } from '../../../common/messages';
import { overbuyProtectionSchema } from '../../../common/schemas/bot-form';
import { api } from '../../api/client';
import { yupRule } from '../../hooks/yupRule';
import { EditDialog } from './EditDialog';
import { useBotCommand } from './useBotCommand';

interface ProtectionForm {
  overbuyProtectionValue?: string;
}

interface Props {
  id: string;
  open: boolean;
  onClose: () => void;
  totalGrid: number;
  value: number | null;
}

export function ProtectionDialog({ id, open, onClose, totalGrid, value }: Props) {
  const [form] = Form.useForm<ProtectionForm>();
  const schema = useMemo(() => overbuyProtectionSchema(totalGrid), [totalGrid]);
  const save = useBotCommand(
    id,
    (v: ProtectionForm) =>
      api.bots.editProtection({
        botID: id,
        overbuyProtectionValue: Number(String(v.overbuyProtectionValue).trim()),
        protectionActive: true,
      }),
    { success: UI.overbuySaved, failure: UI.overbuySaveError },
    onClose,
  );
  const reset = useBotCommand(
    id,
    () => api.bots.editProtection({ botID: id, overbuyProtectionValue: null, protectionActive: false }),
    { success: UI.overbuyReset, failure: UI.overbuyResetError },
    onClose,
  );
  return (
    <EditDialog<ProtectionForm>
      title={RUNNING_BOT_LABELS.overbuyTitle}
      open={open}
      onClose={onClose}
      form={form}
      initialValues={{ overbuyProtectionValue: value === null ? '' : String(value) }}
      onSave={(v) => save.mutate(v)}
      onReset={() => reset.mutate(undefined)}
      saving={save.isPending}
      resetting={reset.isPending}
    >
      <Typography.Paragraph type="secondary">{RUNNING_BOT_LABELS.overbuyHelp(totalGrid - 1)}</Typography.Paragraph>
      <Form.Item
        label={RUNNING_BOT_LABELS.overbuyTitle}
        name="overbuyProtectionValue"
        rules={[yupRule(schema, 'overbuyProtectionValue')]}
      >
        <Input inputMode="numeric" aria-label={RUNNING_BOT_LABELS.overbuyTitle} />
      </Form.Item>
    </EditDialog>
  );
}
