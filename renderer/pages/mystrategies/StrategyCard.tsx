import { Badge, Button, Card, Popconfirm, Space, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { StrategyListItem } from '../../../common/api/strategy';
import { STRATEGY_NAME_CARD_MAX } from '../../../common/constants';
import { LABELS, TEXT } from '../../../common/messages';
import { routePath } from '../../../common/routes';

/** SPEC section 9: names longer than 12 characters are cut, plus an ellipsis. */
export function cardName(name: string): string {
  return name.length > STRATEGY_NAME_CARD_MAX ? `${name.slice(0, STRATEGY_NAME_CARD_MAX)}${TEXT.ellipsis}` : name;
}

interface StrategyCardProps {
  strategy: StrategyListItem;
  deleting: boolean;
  onDelete(name: string): void;
}

export function StrategyCard({ strategy, deleting, onDelete }: StrategyCardProps) {
  const navigate = useNavigate();
  const name = strategy.strategy_name;
  const active = strategy.status === TEXT.strategyActive;
  return (
    <Card
      className="strategy-card"
      data-testid="strategy-card"
      title={<span title={name}>{cardName(name)}</span>}
      extra={<Badge status={active ? 'success' : 'error'} text={strategy.status} className="strategy-status" />}
      actions={[
        <Button key="edit" type="link" onClick={() => void navigate(routePath('editStrategy', { strategy_name: name }))}>
          {LABELS.edit}
        </Button>,
        <Popconfirm
          key="delete"
          title={LABELS.deleteStrategyTitle(name)}
          description={LABELS.deleteStrategyBody}
          okText={LABELS.delete}
          cancelText={LABELS.cancel}
          okButtonProps={{ danger: true }}
          onConfirm={() => onDelete(name)}
        >
          <Button type="link" danger loading={deleting}>
            {LABELS.delete}
          </Button>
        </Popconfirm>,
      ]}
    >
      <Space orientation="vertical">
        <Typography.Text>{LABELS.cardGrids(strategy.No_of_order)}</Typography.Text>
      </Space>
    </Card>
  );
}
