/** Edit Profit Book & Stop at (%) (SPEC sections 2, 4, 5, 8): 1 to 1000, or reset. */
import { Form, Input } from 'antd';
import { PROFIT_BOOK_MAX, PROFIT_BOOK_MIN } from '../../../common/constants';
import { RUNNING_BOT_LABELS, UI } from '../../../common/messages';
import { optionalValue, profitBookSchema } from '../../../common/schemas/bot-form';
import { api } from '../../api/client';
import { yupRule } from '../../hooks/yupRule';
import { EditDialog } from './EditDialog';
import { useBotCommand } from './useBotCommand';

interface ProfitBookForm {
  profitBookValue?: string;
}

interface Props {
  id: string;
  open: boolean;
  onClose: () => void;
  value: string | null;
}

export function ProfitBookDialog({ id, open, onClose, value }: Props) {
  const [form] = Form.useForm<ProfitBookForm>();
  const save = useBotCommand(
    id,
    (v: ProfitBookForm) => api.bots.editProfitBook({ botID: id, profitBookValue: optionalValue(v.profitBookValue) }),
    { success: UI.profitBookSaved, failure: UI.profitBookSaveError },
    onClose,
  );
  const reset = useBotCommand(
    id,
    () => api.bots.editProfitBook({ botID: id, profitBookValue: null }),
    {
      success: UI.profitBookReset,
      failure: UI.profitBookResetError,
    },
    onClose,
  );
  return (
    <EditDialog<ProfitBookForm>
      title={RUNNING_BOT_LABELS.profitBookTitle}
      open={open}
      onClose={onClose}
      form={form}
      initialValues={{ profitBookValue: value ?? '' }}
      onSave={(v) => save.mutate(v)}
      onReset={() => reset.mutate(undefined)}
      saving={save.isPending}
      resetting={reset.isPending}
    >
      <Form.Item
        label={RUNNING_BOT_LABELS.profitBook}
        name="profitBookValue"
        rules={[yupRule(profitBookSchema, 'profitBookValue')]}
      >
        <Input
          inputMode="decimal"
          suffix="%"
          placeholder={`${PROFIT_BOOK_MIN}-${PROFIT_BOOK_MAX}`}
          aria-label={RUNNING_BOT_LABELS.profitBook}
        />
      </Form.Item>
    </EditDialog>
  );
}
