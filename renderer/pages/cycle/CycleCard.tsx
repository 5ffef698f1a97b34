/**
 * One live cycle (SPEC section 3, Live cycle): pair, category and leverage, status, live price,
 * sparkline, runtime, investment, profit, the rounds as cycles_completed/no_of_cycle with the
 * half step once bought, its buy, sell and stop-loss prices, and Edit and Stop.
 */
import { Button, Progress } from 'antd';
import type { LiveCycle } from '../../../common/api/cycles';
import { CYCLE_LABELS } from '../../../common/messages';
import { CardStat, RunnableCard } from '../../components/runnables/RunnableCard';
import { formatPrice, formatRuntimeDays, formatUsdt } from '../../../common/format';
import { SignedValue } from '../../components/SignedValue';
import { categoryText, cyclePair, cycleProgress, cycleStep } from './cycleFormat';

interface CycleCardProps {
  cycle: LiveCycle;
  onEdit: () => void;
  onStop: () => void;
}

function Rounds({ cycle }: { cycle: LiveCycle }) {
  const percent = cycle.no_of_cycle > 0 ? Math.min(100, (cycleStep(cycle) / cycle.no_of_cycle) * 100) : 0;
  return (
    <CardStat label={CYCLE_LABELS.cycles}>
      <span className="cycle-progress">{cycleProgress(cycle)}</span>
      <Progress percent={percent} showInfo={false} size="small" />
    </CardStat>
  );
}

export function CycleCard({ cycle, onEdit, onStop }: CycleCardProps) {
  const pair = cyclePair(cycle);
  return (
    <RunnableCard
      className="cycle-card"
      testId="cycle-card"
      symbol={cycle.pair}
      pair={pair}
      subtitle={categoryText(cycle)}
      status={cycle.status}
      livePriceLabel={CYCLE_LABELS.livePrice}
      livePrice={formatPrice(cycle.liveprice, cycle.tickSize)}
      sparkline={cycle.sparklineData}
      actions={[
        <Button key="edit" type="link" onClick={onEdit} aria-label={CYCLE_LABELS.editCycleOf(pair)}>
          {CYCLE_LABELS.edit}
        </Button>,
        <Button key="stop" type="link" danger onClick={onStop} aria-label={CYCLE_LABELS.stopCycleOf(pair)}>
          {CYCLE_LABELS.stop}
        </Button>,
      ]}
    >
      <CardStat label={CYCLE_LABELS.runtime}>{formatRuntimeDays(cycle.runtime)}</CardStat>
      <CardStat label={CYCLE_LABELS.investment}>{formatUsdt(cycle.investment)}</CardStat>
      <CardStat label={CYCLE_LABELS.profit}>
        <SignedValue value={cycle.profit} />
      </CardStat>
      <Rounds cycle={cycle} />
      <CardStat label={CYCLE_LABELS.buyPrice}>{formatPrice(cycle.buy_price, cycle.tickSize)}</CardStat>
      <CardStat label={CYCLE_LABELS.sellPrice}>{formatPrice(cycle.sell_price, cycle.tickSize)}</CardStat>
      <CardStat label={CYCLE_LABELS.stopLoss}>{formatPrice(cycle.stop_loss, cycle.tickSize)}</CardStat>
    </RunnableCard>
  );
}
