/** Running Bot figures (SPEC section 2): runtime, APY, trades, grids, prices, investment, PnL. */
import { Card, Col, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { BotInfo, PurchasedQtyResponse } from '../../../common/api/bots';
import { BOT_LABELS, RUNNING_BOT_LABELS } from '../../../common/messages';
import { ApyLabel } from '../../components/bots/ApyLabel';
import { formatPercent } from '../../components/bots/format';
import { isLoss, money, plain } from './format';

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
  return (
    <Card>
      <Row gutter={[16, 16]}>
        <Stat label={BOT_LABELS.runtime}>{BOT_LABELS.runtimeDays(bot.runtime)}</Stat>
        <Stat label={<ApyLabel />}>{formatPercent(bot.roi)}</Stat>
        <Stat label={BOT_LABELS.totalTrades}>{bot.trades24h}</Stat>
        <Stat label={RUNNING_BOT_LABELS.usedGrid}>{`${bot.grid_no}/${bot.total_grid}`}</Stat>
        <Stat label={RUNNING_BOT_LABELS.lowestBuyPrice}>{plain(bot.last_buying_price)}</Stat>
        <Stat label={BOT_LABELS.investment}>{money(bot.investment)}</Stat>
        <Stat label={BOT_LABELS.pnl}>
          <Typography.Text type={isLoss(bot.pnl) ? 'danger' : 'success'}>{money(bot.pnl)}</Typography.Text>
        </Stat>
        <Stat label={RUNNING_BOT_LABELS.averageBuyPrice}>{plain(purchased?.avgPrice)}</Stat>
        <Stat label={RUNNING_BOT_LABELS.purchasedQuantity}>{plain(purchased?.totalQuantity)}</Stat>
      </Row>
    </Card>
  );
}
