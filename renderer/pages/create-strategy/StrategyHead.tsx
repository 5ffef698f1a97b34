/** Create's head row: the strategy's name, its number of grids, and the buttons that build the grid table. */
import { Button, Form, Input, Space } from 'antd';
import { GRIDS_MAX_CREATE } from '../../../common/constants';
import { LABELS } from '../../../common/messages';
import { createStrategySchema } from '../../../common/schemas/strategy';
import { yupRule } from '../../hooks/yupRule';

/** Digits only, two at most (SPEC section 5). */
const gridDigits = (value: string | undefined) => (value ?? '').replace(/\D/g, '').slice(0, 2);

interface StrategyHeadProps {
  onAdd: () => void;
  onAutoFill: () => void;
  onClear: () => void;
  clearDisabled: boolean;
}

export function StrategyHead({ onAdd, onAutoFill, onClear, clearDisabled }: StrategyHeadProps) {
  return (
    <Space wrap align="start" size="large" className="strategy-head">
      <Form.Item label={LABELS.strategyName} name="strategyName" rules={[yupRule(createStrategySchema, 'strategyName')]}>
        <Input autoComplete="off" className="strategy-name-input" />
      </Form.Item>
      <Form.Item
        label={LABELS.noOfGrids}
        name="noOfGrids"
        normalize={gridDigits}
        rules={[yupRule(createStrategySchema, 'noOfGrids')]}
      >
        <Input inputMode="numeric" maxLength={2} placeholder={`1-${GRIDS_MAX_CREATE}`} className="grid-count-input" />
      </Form.Item>
      <Form.Item label=" ">
        <Space wrap>
          <Button onClick={onAdd}>{LABELS.add}</Button>
          <Button onClick={onAutoFill}>{LABELS.autoFill}</Button>
          <Button onClick={onClear} disabled={clearDisabled}>
            {LABELS.clear}
          </Button>
        </Space>
      </Form.Item>
    </Space>
  );
}
