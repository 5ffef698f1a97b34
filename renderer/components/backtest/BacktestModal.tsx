/** Pair, amount and days for a backtest of the strategy on screen; Run; the result below. */
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, InputNumber, Modal, Select, Spin } from 'antd';
import { BACKTEST_DAYS_MAX, BACKTEST_DEFAULTS, type BacktestRequest, type BacktestStrategy } from '../../../common/api/backtest';
import { backtestSchema } from '../../../common/schemas/backtest';
import { isApiError } from '../../api/bridge';
import { api } from '../../api/client';
import { yupRule } from '../../hooks/yupRule';
import { BacktestResult } from './BacktestResult';

interface RunForm {
  pair: string;
  amount: string;
  days: number;
}

const errorText = (error: unknown) => (isApiError(error) || error instanceof Error ? error.message : 'The backtest failed.');

/** The exchange's pairs when it can list them; a free input otherwise (no exchange, offline). */
function PairField() {
  const pairs = useQuery({
    queryKey: ['market', 'symbolPairs'],
    queryFn: () => api.market.symbolPairs(),
    retry: false,
    staleTime: 300_000,
  });
  const options = pairs.data?.pairs.map((p) => ({ value: p, label: p }));
  return (
    <Form.Item label="Pair" name="pair" rules={[yupRule(backtestSchema, 'pair')]}>
      {options && options.length > 0 ? (
        <Select showSearch options={options} className="backtest-pair" aria-label="Pair" />
      ) : (
        <Input className="backtest-pair" aria-label="Pair" />
      )}
    </Form.Item>
  );
}

export interface BacktestModalProps {
  strategy: BacktestStrategy;
  /** Reads the table at the moment Run is pressed (a watched copy can lag a keystroke). */
  read?: () => BacktestStrategy | null;
  open: boolean;
  onClose: () => void;
}

export function BacktestModal({ strategy, read, open, onClose }: BacktestModalProps) {
  const [form] = Form.useForm<RunForm>();
  const run = useMutation({
    mutationFn: (request: BacktestRequest) => api.strategies.backtest(request),
  });

  const onFinish = (values: RunForm) =>
    run.mutate({
      strategy: read?.() ?? strategy,
      pair: values.pair.trim().toUpperCase(),
      amount: String(values.amount).trim(),
      days: Number(values.days),
    });

  return (
    <Modal title="Backtest" open={open} onCancel={onClose} footer={null} width={900} destroyOnHidden>
      <Form<RunForm>
        form={form}
        layout="inline"
        name="backtest"
        initialValues={{ ...BACKTEST_DEFAULTS }}
        onFinish={onFinish}
        disabled={run.isPending}
      >
        <PairField />
        <Form.Item label="Amount (USDT)" name="amount" rules={[yupRule(backtestSchema, 'amount')]}>
          <Input inputMode="decimal" aria-label="Amount (USDT)" />
        </Form.Item>
        <Form.Item label="Days" name="days" rules={[yupRule(backtestSchema, 'days')]}>
          <InputNumber min={1} max={BACKTEST_DAYS_MAX} precision={0} aria-label="Days" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={run.isPending}>
            Run
          </Button>
        </Form.Item>
      </Form>
      <div className="backtest-body" style={{ marginTop: 16 }}>
        {run.isPending && <Spin aria-label="Running the backtest" />}
        {run.isError && <Alert type="error" showIcon role="alert" title={errorText(run.error)} />}
        {run.isSuccess && <BacktestResult result={run.data} />}
      </div>
    </Modal>
  );
}
