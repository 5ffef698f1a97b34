/**
 * Confirm Stop Bot (SPEC sections 2, 4, 8): Stop or Stop & Sell, then the dashboard. It says
 * what Stop & Sell would sell and roughly for how much (issue 23), from the bot info and
 * purchased quantity the page already loaded: it reads them from the query cache and never
 * asks the server itself.
 */
import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { RUNNING_BOT_LABELS, STOP_SELL_LABELS, UI } from '../../../common/messages';
import { ROUTES } from '../../../common/routes';
import { BOT_KEYS } from '../../api/bots';
import { api } from '../../api/client';
import { sellEstimate } from '../../components/bots/sellEstimate';
import { StopDialog } from '../../components/runnables/StopDialog';
import { useBotCommand } from './useBotCommand';

/** The page's queries (useRunningBot), read without fetching: `enabled: false` only observes the cache. */
function useHeldForSale(id: string) {
  const info = useQuery({ queryKey: [...BOT_KEYS.bot(id), 'info'], queryFn: () => api.bots.info({ botID: id }), enabled: false });
  const purchased = useQuery({
    queryKey: [...BOT_KEYS.bot(id), 'purchasedQty'],
    queryFn: () => api.bots.purchasedQty({ botID: id }),
    enabled: false,
  });
  if (!info.data) return null;
  return sellEstimate(info.data.name, purchased.data?.totalQuantity, info.data.liveprice);
}

/** 'Sells 0.02 BTC at market' and its estimated value; what is held may still be loading. */
function WhatWillBeSold({ id }: { id: string }) {
  const estimate = useHeldForSale(id);
  if (!estimate) return <Typography.Paragraph type="secondary">{STOP_SELL_LABELS.holdingsUnknown}</Typography.Paragraph>;
  if (estimate.empty) return <Typography.Paragraph>{STOP_SELL_LABELS.nothingHeld(estimate.coin)}</Typography.Paragraph>;
  return (
    <Typography.Paragraph className="stop-sell-estimate">
      <Typography.Text strong>{STOP_SELL_LABELS.willSell(estimate.quantity, estimate.coin)}</Typography.Text>
      {estimate.amount !== null && (
        <>
          <br />
          <Typography.Text>{STOP_SELL_LABELS.estimate(estimate.amount, estimate.quote)}</Typography.Text>
        </>
      )}
    </Typography.Paragraph>
  );
}

export function StopBotDialog({ id, open, onClose }: { id: string; open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const toDashboard = () => navigate(ROUTES.dashboard);
  const stop = useBotCommand(
    id,
    () => api.bots.stop({ botID: id }),
    { success: UI.botStopped, failure: UI.botStopError },
    toDashboard,
  );
  const stopAndSell = useBotCommand(
    id,
    () => api.bots.stopAndSell({ botID: id }),
    { success: UI.botStoppedSold, failure: UI.botStopSellError },
    toDashboard,
  );
  return (
    <StopDialog
      title={RUNNING_BOT_LABELS.stopTitle}
      open={open}
      onClose={onClose}
      labels={RUNNING_BOT_LABELS}
      stop={stop}
      stopAndSell={stopAndSell}
    >
      <Typography.Paragraph>{RUNNING_BOT_LABELS.stopBody}</Typography.Paragraph>
      <WhatWillBeSold id={id} />
      <Typography.Paragraph type="secondary">{RUNNING_BOT_LABELS.stopNote}</Typography.Paragraph>
    </StopDialog>
  );
}
