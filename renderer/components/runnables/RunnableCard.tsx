/**
 * The card every kind of runnable shows itself in (a bot on the Dashboard and Copy BOTs, a cycle
 * on Live cycle): its pair with the symbol's image and a line under it, its status, live price and
 * sparkline, then the figures of its kind in two columns. Each kind's card (BotCard, CycleCard)
 * says which figures and which actions; the frame, the classes the styles and tests read, and the
 * order of what every card shows are here once.
 */
import { Card, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { SparklinePoint } from '../../../common/api/bots';
import { Sparkline } from '../charts/Sparkline';
import { StatusTag } from '../bots/StatusTag';
import { SymbolIcon } from '../bots/SymbolIcon';

/** One labelled figure of a card. */
export function CardStat({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="bot-card-stat">
      <Typography.Text type="secondary">{label}</Typography.Text>
      <div className="bot-card-value">{children}</div>
    </div>
  );
}

export interface RunnableCardProps {
  /** The exchange symbol, for its image. */
  symbol: string;
  /** The pair as members read it (BTC/USDT). */
  pair: string;
  /** The line under the pair: its trade type or category. */
  subtitle: ReactNode;
  status: string;
  livePriceLabel: ReactNode;
  livePrice: ReactNode;
  sparkline: readonly SparklinePoint[] | null | undefined;
  /** The kind's own figures (CardStat), two to a row. */
  children: ReactNode;
  testId: string;
  className?: string;
  hoverable?: boolean;
  actions?: ReactNode[];
}

export function RunnableCard(props: RunnableCardProps) {
  return (
    <Card
      hoverable={props.hoverable}
      className={props.className ? `bot-card ${props.className}` : 'bot-card'}
      data-testid={props.testId}
      size="small"
      actions={props.actions}
    >
      <Space orientation="vertical" size="small" style={{ width: '100%' }}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 8, justifyContent: 'space-between' }}>
          <Space size="small">
            <SymbolIcon symbol={props.symbol} />
            <div>
              <Typography.Text strong className="bot-card-pair">
                {props.pair}
              </Typography.Text>
              <div>
                <Typography.Text type="secondary">{props.subtitle}</Typography.Text>
              </div>
            </div>
          </Space>
          <StatusTag status={props.status} />
        </div>
        <CardStat label={props.livePriceLabel}>{props.livePrice}</CardStat>
        <Sparkline points={props.sparkline} />
        <div className="bot-card-stats" style={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 8 }}>
          {props.children}
        </div>
      </Space>
    </Card>
  );
}
