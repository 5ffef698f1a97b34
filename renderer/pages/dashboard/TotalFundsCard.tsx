/**
 * 'Total Funds' (SPEC sections 2 and 9): the funds pie, USDT, Available Balance, Unutilised Bot
 * USDT (total wallet minus free to use), Total Profit, Loss Book and Total P&L (green at or above
 * 0, red below).
 */
import { Card, Col, Row, Typography } from 'antd';
import type { PieChartResponse, TotalProfitBookResponse } from '../../../common/api/bots';
import { BOT_LABELS } from '../../../common/messages';
import { isLoss, minus, moneyOr } from '../../components/bots/format';
import { FundsPie } from '../../components/charts/FundsPie';

interface TotalFundsCardProps {
  pie: PieChartResponse | null;
  profit: TotalProfitBookResponse | null;
}

function Figure({ label, value, tone }: { label: string; value: string; tone?: 'success' | 'danger' }) {
  return (
    <div role="group" aria-label={label} style={{ display: 'flex', justifyContent: 'space-between', gap: 12 }}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <Typography.Text strong type={tone}>{value}</Typography.Text>
    </div>
  );
}

export function TotalFundsCard({ pie, profit }: TotalFundsCardProps) {
  return (
    <Card title={BOT_LABELS.totalFunds} style={{ height: '100%' }}>
      <Row gutter={[16, 16]}>
        {pie && (
          <Col span={24}>
            <FundsPie chartData={pie.chartData} />
          </Col>
        )}
        <Col span={24} style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
          {pie && (
            <>
              <Figure label={BOT_LABELS.usdt} value={moneyOr(pie.usdt, '')} />
              <Figure label={BOT_LABELS.availableBalance} value={moneyOr(pie.availableBalance, '')} />
              <Figure label={BOT_LABELS.unutilisedBotUsdt} value={moneyOr(minus(pie.usdt, pie.availableBalance), '')} />
            </>
          )}
          {profit && (
            <>
              <Figure label={BOT_LABELS.totalProfit} value={moneyOr(profit.totalProfit, '')} />
              <Figure label={BOT_LABELS.lossBook} value={moneyOr(profit.lossBook, '')} />
              <Figure
                label={BOT_LABELS.totalPnl}
                value={moneyOr(profit.totalpnl, '')}
                tone={isLoss(profit.totalpnl) ? 'danger' : 'success'}
              />
            </>
          )}
        </Col>
      </Row>
    </Card>
  );
}
