/**
 * 'Total Funds' (SPEC sections 2 and 9): the funds pie, USDT, Available Balance, Unutilised Bot
 * USDT (total wallet minus free to use), Total Profit, Loss Book and Total P&L (green at or above
 * 0, red below).
 */
import { Card, Col, Row, Typography } from 'antd';
import type { PieChartResponse, TotalProfitBookResponse } from '../../../common/api/bots';
import { BOT_LABELS } from '../../../common/messages';
import type { ReactNode } from 'react';
import { formatUsdt, toDecimal, type FormatInput } from '../../../common/format';
import { SignedValue } from '../../components/SignedValue';
import { FundsPie } from '../../components/charts/FundsPie';

interface TotalFundsCardProps {
  pie: PieChartResponse | null;
  profit: TotalProfitBookResponse | null;
}

function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div role="group" aria-label={label} style={{ display: 'flex', justifyContent: 'space-between', gap: 12 }}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <Typography.Text strong>{value}</Typography.Text>
    </div>
  );
}

/** Unutilised Bot USDT: total wallet minus free to use, exactly; null when either is unknown. */
function unutilised(usdt: FormatInput, available: FormatInput): string | null {
  const total = toDecimal(usdt);
  const free = toDecimal(available);
  return total && free ? total.minus(free).toFixed() : null;
}

export function TotalFundsCard({ pie, profit }: TotalFundsCardProps) {
  return (
    <Card title={BOT_LABELS.totalFunds} style={{ height: '100%' }}>
      <Row gutter={[16, 16]}>
        {pie && (
          <Col span={24}>
            <FundsPie chartData={pie.chartData} free={pie.availableBalance} />
          </Col>
        )}
        <Col span={24} style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
          {pie && (
            <>
              <Figure label={BOT_LABELS.usdt} value={formatUsdt(pie.usdt)} />
              <Figure label={BOT_LABELS.availableBalance} value={formatUsdt(pie.availableBalance)} />
              <Figure label={BOT_LABELS.unutilisedBotUsdt} value={formatUsdt(unutilised(pie.usdt, pie.availableBalance))} />
            </>
          )}
          {profit && (
            <>
              <Figure label={BOT_LABELS.totalProfit} value={<SignedValue value={profit.totalProfit} />} />
              <Figure label={BOT_LABELS.lossBook} value={<SignedValue value={profit.lossBook} />} />
              <Figure label={BOT_LABELS.totalPnl} value={<SignedValue value={profit.totalpnl} zero="up" />} />
            </>
          )}
        </Col>
      </Row>
    </Card>
  );
}
