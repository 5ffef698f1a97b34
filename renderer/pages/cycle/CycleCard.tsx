/**
 * One live cycle (SPEC section 3, Live cycle): pair, category and leverage, status, live price,
 * sparkline, runtime, investment, profit, the rounds as cycles_completed/no_of_cycle with the
 * half step once bought, its buy, sell and stop-loss prices, and Edit and Stop.
 */
import { Button, Card, Progress, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { LiveCycle } from '../../../common/api/cycles';
import { CYCLE_LABELS } from '../../../common/messages';
import { StatusTag } from '../../components/bots/StatusTag';
import { SymbolIcon } from '../../components/bots/SymbolIcon';
import { formatPrice, formatRuntimeDays, formatUsdt } from '../../../common/format';
import { SignedValue } from '../../components/SignedValue';
import { Sparkline } from '../../components/charts/Sparkline';
import { categoryText, cyclePair, cycleProgress, cycleStep } from './cycleFormat';

interface CycleCardProps {
  cycle: LiveCycle;
  onEdit: () => void;
  onStop: () => void;
}

function Stat({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="bot-card-stat">
      <Typography.Text type="secondary">{label}</Typography.Text>
      <div className="bot-card-value">{children}</div>
    </div>
  );
}

function Rounds({ cycle }: { cycle: LiveCycle }) {
  const percent = cycle.no_of_cycle > 0 ? Math.min(100, (cycleStep(cycle) / cycle.no_of_cycle) * 100) : 0;
  return (
    <Stat label={CYCLE_LABELS.cycles}>
      <span className="cycle-progress">{cycleProgress(cycle)}</span>
      <Progress percent={percent} showInfo={false} size="small" />
    </Stat>
  );
}

export function CycleCard({ cycle, onEdit, onStop }: CycleCardProps) {
  const pair = cyclePair(cycle);
  return (
    <Card
      className="bot-card cycle-card"
      data-testid="cycle-card"
      size="small"
      actions={[
        <Button key="edit" type="link" onClick={onEdit} aria-label={CYCLE_LABELS.editCycleOf(pair)}>
          {CYCLE_LABELS.edit}
        </Button>,
        <Button key="stop" type="link" danger onClick={onStop} aria-label={CYCLE_LABELS.stopCycleOf(pair)}>
          {CYCLE_LABELS.stop}
        </Button>,
      ]}
    >
      <Space orientation="vertical" size="small" style={{ width: '100%' }}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 8, justifyContent: 'space-between' }}>
          <Space size="small">
            <SymbolIcon symbol={cycle.pair} />
            <div>
              <Typography.Text strong className="bot-card-pair">
                {pair}
              </Typography.Text>
              <div>
                <Typography.Text type="secondary">{categoryText(cycle)}</Typography.Text>
              </div>
            </div>
          </Space>
          <StatusTag status={cycle.status} />
        </div>
        <Stat label={CYCLE_LABELS.livePrice}>{formatPrice(cycle.liveprice, cycle.tickSize)}</Stat>
        <Sparkline points={cycle.sparklineData} />
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 8 }}>
          <Stat label={CYCLE_LABELS.runtime}>{formatRuntimeDays(cycle.runtime)}</Stat>
          <Stat label={CYCLE_LABELS.investment}>{formatUsdt(cycle.investment)}</Stat>
          <Stat label={CYCLE_LABELS.profit}>
            <SignedValue value={cycle.profit} />
          </Stat>
          <Rounds cycle={cycle} />
          <Stat label={CYCLE_LABELS.buyPrice}>{formatPrice(cycle.buy_price, cycle.tickSize)}</Stat>
          <Stat label={CYCLE_LABELS.sellPrice}>{formatPrice(cycle.sell_price, cycle.tickSize)}</Stat>
          <Stat label={CYCLE_LABELS.stopLoss}>{formatPrice(cycle.stop_loss, cycle.tickSize)}</Stat>
        </div>
      </Space>
    </Card>
  );
}
