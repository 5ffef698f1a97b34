/** "Max": fills the form's amount with what is free (never what bots hold) and re-checks it at once. */
import { Button, type FormInstance } from 'antd';
import { EXCHANGE_LABELS } from '../../../common/messages';

export function MaxAmountButton({ form, amount }: { form: FormInstance<{ amount: string }>; amount: string | null }) {
  return (
    <Button
      disabled={amount === null}
      onClick={() => {
        form.setFieldValue('amount', amount ?? '');
        void form.validateFields(['amount']).catch(() => undefined);
      }}
    >
      {EXCHANGE_LABELS.max}
    </Button>
  );
}
