/**
 * One live bot as a card (Dashboard 'Live BOTs', Copy BOTs): pair with its image, trade type,
 * live price, status, sparkline, Runtime, APY (with its tooltip), Investment, PNL, Total Trades.
 *
 * Props: `bot` as GET /api/botstatus or /api/livebotdata sends it; either `to` (the card is a
 * link, e.g. routePath('runningBot', {id})) or `onClick` (the card is a button). `actionLabel`
 * names that link or button for assistive tech and tests.
 */
import type { KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import type { LiveBot } from '../../../common/api/bots';
import { BOT_LABELS } from '../../../common/messages';
import { pairLabel } from '../../../common/pairs';
import { CardStat, RunnableCard } from '../runnables/RunnableCard';
import { ApyLabel } from './ApyLabel';
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

function BotFigures({ bot }: { bot: LiveBot }) {
  return (
    <>
      <CardStat label={BOT_LABELS.runtime}>{formatRuntimeDays(bot.runtime)}</CardStat>
      {/* The card knows whole days only: a 0-day bot has not run a full day yet. */}
      <CardStat label={<ApyLabel />}>
        <SignedValue value={apyIsMeaningful(bot.runtime * SECONDS_PER_DAY) ? bot.roi : null}>
          {formatApy(bot.roi, bot.runtime * SECONDS_PER_DAY)}
        </SignedValue>
      </CardStat>
      <CardStat label={BOT_LABELS.investment}>{formatUsdt(bot.investment)}</CardStat>
      <CardStat label={BOT_LABELS.pnl}>
        <SignedValue value={bot.pnl} />
      </CardStat>
      <CardStat label={BOT_LABELS.totalTrades}>{bot.trades24h}</CardStat>
    </>
  );
}

export function BotCard({ bot, to, onClick, actionLabel }: BotCardProps) {
  const label = actionLabel ?? pairLabel(bot.name);
  const card = (
    <RunnableCard
      hoverable
      testId="bot-card"
      symbol={bot.name}
      pair={pairLabel(bot.name)}
      subtitle={bot.tradeType || bot.category}
      status={bot.status}
      livePriceLabel={BOT_LABELS.livePrice}
      livePrice={formatPrice(bot.liveprice)}
      sparkline={bot.sparklineData}
    >
      <BotFigures bot={bot} />
    </RunnableCard>
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
