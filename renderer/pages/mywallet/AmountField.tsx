/** The amount a wallet dialog moves, checked as typed, with Max beside it filling in what is free. */
import { Form, Input, type FormInstance } from 'antd';
import type { AnyObjectSchema } from 'yup';
import { EXCHANGE_LABELS } from '../../../common/messages';
import { yupRule } from '../../hooks/yupRule';
import { MaxAmountButton } from './MaxAmountButton';

interface AmountFieldProps {
  form: FormInstance<{ amount: string }>;
  schema: AnyObjectSchema;
  /** The asset's name after the figure. */
  suffix: string;
  /** What is free to move, null when unknown. */
  max: string | null;
}

export function AmountField({ form, schema, suffix, max }: AmountFieldProps) {
  return (
    <Form.Item label={EXCHANGE_LABELS.amount} required>
      <div style={{ display: 'flex', gap: 8 }}>
        <Form.Item name="amount" noStyle rules={[yupRule(schema, 'amount')]}>
          <Input inputMode="decimal" aria-label={EXCHANGE_LABELS.amount} suffix={suffix} />
        </Form.Item>
        <MaxAmountButton form={form} amount={max} />
      </div>
    </Form.Item>
  );
}
