/**
 * 'Edit Cycle' (SPEC sections 2, 5, 8): buy price, sell price, stop loss and number of cycles,
 * checked with the server's schema (the stop loss not above the buy price), applied at once.
 */
import { Button, Form, Input, Modal, Typography, type FormRule } from 'antd';
import { ValidationError, type AnyObjectSchema } from 'yup';
import type { LiveCycle } from '../../../common/api/cycles';
import { CYCLE_LABELS } from '../../../common/messages';
import { editCycleBody } from '../../../common/schemas/cycles';
import { cyclePair } from './cycleFormat';
import { useEditCycle, type EditCycleValues } from './useEditCycle';
import { formatPrice } from '../../../common/format';

/**
 * A rule that runs the whole schema (its cross-field tests included) and reports what it says
 * about `field`; yupRule's validateAt would skip the rule between the stop loss and the buy price.
 */
function wholeSchemaRule(schema: AnyObjectSchema, field: keyof EditCycleValues, context: object): FormRule {
  return ({ getFieldsValue }) => ({
    validator: async (_rule, value: unknown) => {
      try {
        await schema.validate({ ...context, ...getFieldsValue(true), [field]: value }, { abortEarly: false });
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        const mine = error.inner.find((e) => e.path === field);
        if (mine) throw <span role="alert">{mine.message}</span>;
      }
    },
  });
}

const FIELDS: readonly { name: keyof EditCycleValues; label: string; dependencies?: (keyof EditCycleValues)[] }[] = [
  { name: 'buy_price', label: CYCLE_LABELS.editBuyPrice },
  { name: 'sell_price', label: CYCLE_LABELS.editSellPrice, dependencies: ['buy_price'] },
  { name: 'stop_loss', label: CYCLE_LABELS.editStopLoss, dependencies: ['buy_price'] },
  { name: 'no_of_cycle', label: CYCLE_LABELS.editCycleCount },
];

const initialValues = (cycle: LiveCycle): EditCycleValues => ({
  buy_price: cycle.buy_price,
  sell_price: cycle.sell_price,
  stop_loss: cycle.stop_loss,
  no_of_cycle: String(cycle.no_of_cycle),
});

export function EditCycleModal({ cycle, onClose }: { cycle: LiveCycle; onClose: () => void }) {
  const [form] = Form.useForm<EditCycleValues>();
  const context = { cycle_id: cycle.id };
  const save = useEditCycle(cycle, form, onClose);
  return (
    <Modal
      title={CYCLE_LABELS.editTitle}
      open
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose} disabled={save.isPending}>
          {CYCLE_LABELS.cancel}
        </Button>,
        <Button key="save" type="primary" onClick={() => form.submit()} loading={save.isPending}>
          {CYCLE_LABELS.save}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">
        {cyclePair(cycle)} · {CYCLE_LABELS.livePriceOf(formatPrice(cycle.liveprice, cycle.tickSize))}.{' '}
        {CYCLE_LABELS.editNote(cycle.cycles_completed)}
      </Typography.Paragraph>
      <Form<EditCycleValues>
        form={form}
        layout="vertical"
        initialValues={initialValues(cycle)}
        onFinish={(v) => save.mutate(v)}
        disabled={save.isPending}
      >
        {FIELDS.map(({ name, label, dependencies }) => (
          <Form.Item
            key={name}
            label={label}
            name={name}
            dependencies={dependencies}
            rules={[wholeSchemaRule(editCycleBody, name, context)]}
          >
            <Input inputMode={name === 'no_of_cycle' ? 'numeric' : 'decimal'} aria-label={label} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
