/**
 * One live bot as a card (Dashboard 'Live BOTs', Copy BOTs): pair with its image, trade type,
 * live price, status, sparkline, Runtime, APY (with its tooltip), Investment, PNL, Total Trades.
 *
 * Props: `bot` as GET /api/botstatus or /api/livebotdata sends it; either `to` (the card is a
 * link, e.g. routePath('runningBot', {id})) or `onClick` (the card is a button). `actionLabel`
 * names that link or button for assistive tech and tests.
 */
import { Card, Space, Typography } from 'antd';
import type { KeyboardEvent, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { LiveBot } from '../../../common/api/bots';
import { BOT_LABELS } from '../../../common/messages';
import { pairLabel } from '../../../common/pairs';
import { Sparkline } from '../charts/Sparkline';
import { ApyLabel } from './ApyLabel';
import { StatusTag } from './StatusTag';
import { SymbolIcon } from './SymbolIcon';
import { apyIsMeaningful, formatApy, formatPrice, formatRuntimeDays, formatUsdt, SECONDS_PER_DAY } from '../../../common/format';
import { SignedValue } from '../SignedValue';

export interface BotCardProps {
  bot: LiveBot;
  /** Route the card links to. */
  to?: string;
  /** Called when the card is clicked or activated with Enter/Space (ignored when `to` is set). */
  onClick?: () => void;
  /** Accessible name of the link or button; defaults to the pair label. */
  actionLabel?: string;
}

function Stat({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="bot-card-stat">
      <Typography.Text type="secondary">{label}</Typography.Text>
      <div className="bot-card-value">{children}</div>
    </div>
  );
}

function CardBody({ bot }: { bot: LiveBot }) {
  const pair = pairLabel(bot.name);
  return (
    <Space orientation="vertical" size="small" style={{ width: '100%' }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, justifyContent: 'space-between' }}>
        <Space size="small">
          <SymbolIcon symbol={bot.name} />
          <div>
            <Typography.Text strong className="bot-card-pair">
              {pair}
            </Typography.Text>
            <div>
              <Typography.Text type="secondary">{bot.tradeType || bot.category}</Typography.Text>
            </div>
          </div>
        </Space>
        <StatusTag status={bot.status} />
      </div>
      <Stat label={BOT_LABELS.livePrice}>{formatPrice(bot.liveprice)}</Stat>
      <Sparkline points={bot.sparklineData} />
      <div className="bot-card-stats" style={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 8 }}>
        <Stat label={BOT_LABELS.runtime}>{formatRuntimeDays(bot.runtime)}</Stat>
        {/* The card knows whole days only: a 0-day bot has not run a full day yet. */}
        <Stat label={<ApyLabel />}>
          <SignedValue value={apyIsMeaningful(bot.runtime * SECONDS_PER_DAY) ? bot.roi : null}>
            {formatApy(bot.roi, bot.runtime * SECONDS_PER_DAY)}
          </SignedValue>
        </Stat>
        <Stat label={BOT_LABELS.investment}>{formatUsdt(bot.investment)}</Stat>
        <Stat label={BOT_LABELS.pnl}>
          <SignedValue value={bot.pnl} />
        </Stat>
        <Stat label={BOT_LABELS.totalTrades}>{bot.trades24h}</Stat>
      </div>
    </Space>
  );
}

export function BotCard({ bot, to, onClick, actionLabel }: BotCardProps) {
  const label = actionLabel ?? pairLabel(bot.name);
  const card = (
    <Card hoverable className="bot-card" data-testid="bot-card" size="small">
      <CardBody bot={bot} />
    </Card>
  );
  if (to) {
    return (
      <Link to={to} aria-label={label} className="bot-card-link" style={{ display: 'block' }}>
        {card}
      </Link>
    );
  }
  if (!onClick) return card;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onClick();
    }
  };
  return (
    <div role="button" tabIndex={0} aria-label={label} onClick={onClick} onKeyDown={onKeyDown} style={{ cursor: 'pointer' }}>
      {card}
    </div>
  );
}
