/** Running Bot figures (SPEC section 2): runtime, APY, trades, grids, prices, investment, PnL. */
import { Card, Col, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { BotInfo, PurchasedQtyResponse } from '../../../common/api/bots';
import {
  apyIsMeaningful,
  formatApy,
  formatPrice,
  formatQuantity,
  formatRuntime,
  formatUsdt,
  secondsBetween,
} from '../../../common/format';
import { BOT_LABELS, RUNNING_BOT_LABELS } from '../../../common/messages';
import { ApyLabel } from '../../components/bots/ApyLabel';
import { SignedValue } from '../../components/SignedValue';
import { useNow } from '../../hooks/useNow';

/** The runtime shows seconds for a new bot, so it ticks every second while the bot runs. */
const RUNTIME_TICK_MS = 1_000;

function Stat({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Col xs={12} md={8} xl={6}>
      <div className="bot-stat">
        <Typography.Text type="secondary">{label}</Typography.Text>
        <div className="bot-stat-value">{children}</div>
      </div>
    </Col>
  );
}

export function BotStats({ bot, purchased }: { bot: BotInfo; purchased: PurchasedQtyResponse | undefined }) {
  const stopped = bot.status === 'Stopped';
  const now = useNow(RUNTIME_TICK_MS, !stopped);
  // A stopped bot's runtime ends at its stop; the API's whole days cannot say '13m'.
  const runtime = secondsBetween(bot.botstartdate, stopped ? bot.botstopdate : null, now);
  return (
    <Card>
      <Row gutter={[16, 16]}>
        <Stat label={BOT_LABELS.runtime}>{formatRuntime(runtime)}</Stat>
        <Stat label={<ApyLabel />}>
          <SignedValue value={apyIsMeaningful(runtime) ? bot.roi : null}>{formatApy(bot.roi, runtime)}</SignedValue>
        </Stat>
        <Stat label={BOT_LABELS.totalTrades}>{bot.trades24h}</Stat>
        <Stat label={RUNNING_BOT_LABELS.usedGrid}>{`${bot.grid_no}/${bot.total_grid}`}</Stat>
        <Stat label={RUNNING_BOT_LABELS.lowestBuyPrice}>{formatPrice(bot.last_buying_price, bot.tickSize)}</Stat>
        <Stat label={BOT_LABELS.investment}>{formatUsdt(bot.investment)}</Stat>
        <Stat label={BOT_LABELS.pnl}>
          <SignedValue value={bot.pnl} />
        </Stat>
        <Stat label={RUNNING_BOT_LABELS.averageBuyPrice}>{formatPrice(purchased?.avgPrice, bot.tickSize)}</Stat>
        <Stat label={RUNNING_BOT_LABELS.purchasedQuantity}>{formatQuantity(purchased?.totalQuantity, bot.stepSize)}</Stat>
      </Row>
    </Card>
  );
}
