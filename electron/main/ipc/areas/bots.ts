/**
 * Bot and Dashboard channels (SPEC section 7: Dashboard, Bots; issue 8). One server call each,
 * the body forwarded as the contract checked it and the server's answer passed on as it is.
 */
import type { MessageResponse } from '../../../../common/api/account';
import type {
  BotHistoryRow,
  BotInfo,
  BotMessageResponse,
  DisclaimerCheckResponse,
  DisclaimerRequest,
  LiveBot,
  OrderBookResponse,
  PieChartResponse,
  PositionResponse,
  ProfitBookResponse,
  ProtectionValuesResponse,
  PurchasedQtyResponse,
  SltpValues,
  StartBotRequest,
  StartBotResponse,
  TotalProfitBookResponse,
} from '../../../../common/api/bots';
import type { BotHistoryKind, FeaturesResponse } from '../../../../common/ipc/contract';
import type { IpcArea } from '../context';
import { fromReply } from '../result';

const HISTORY_PATHS: Record<BotHistoryKind, string> = {
  multigrid: '/api/bothistory',
  scalp: '/api/scalpbothistory',
  cycle: '/api/cyclebothistory',
};

/** Scalping Grid has its own start route (the server announces it as coming soon). */
const startPath = (request: StartBotRequest) =>
  request.botType === 'Scalping Grid' ? '/api/startscalp' : '/api/startbotdata';

export const botsArea: IpcArea = {
  name: 'bots',
  handlers: {
    'bots:start': async (payload, { call }) =>
      fromReply<StartBotResponse>(await call('POST', startPath(payload), payload)),

    'bots:features': async (_payload, { call }) =>
      fromReply<FeaturesResponse>(await call('GET', '/api/features')),

    'bots:status': async (_payload, { call }) =>
      fromReply<LiveBot[]>(await call('GET', '/api/botstatus')),

    'bots:live': async (_payload, { call }) =>
      fromReply<LiveBot[]>(await call('GET', '/api/livebotdata')),

    'bots:info': async (payload, { call }) =>
      fromReply<BotInfo>(await call('POST', '/api/botinfo', payload)),

    'bots:orderBook': async (payload, { call }) =>
      fromReply<OrderBookResponse>(await call('POST', '/api/orderbook', payload)),

    'bots:purchasedQty': async (payload, { call }) =>
      fromReply<PurchasedQtyResponse>(await call('POST', '/api/purchasedQty', payload)),

    'bots:position': async (payload, { call }) =>
      fromReply<PositionResponse>(await call('POST', '/api/position', payload)),

    'bots:stop': async ({ botID }, { call }) =>
      fromReply<BotMessageResponse>(await call('POST', '/api/stopbot', { botID })),

    'bots:stopAndSell': async ({ botID }, { call }) =>
      fromReply<BotMessageResponse>(await call('POST', '/api/stopbotwithsell', { botID })),

    'bots:profitBook': async (payload, { call }) =>
      fromReply<ProfitBookResponse>(await call('POST', '/api/profitbookat', payload)),

    'bots:editProfitBook': async (payload, { call }) =>
      fromReply<BotMessageResponse>(await call('POST', '/api/editprofitbookat', payload)),

    'bots:protection': async (payload, { call }) =>
      fromReply<ProtectionValuesResponse>(await call('POST', '/api/protectionvalues', payload)),

    'bots:editProtection': async (payload, { call }) =>
      fromReply<BotMessageResponse>(await call('POST', '/api/gridprotectionadd', payload)),

    'bots:sltp': async (payload, { call }) =>
      fromReply<SltpValues>(await call('POST', '/api/sltp', payload)),

    'bots:editSltp': async (payload, { call }) =>
      fromReply<BotMessageResponse>(await call('POST', '/api/sltpedit', payload)),

    'bots:history': async ({ kind }, { call }) =>
      fromReply<BotHistoryRow[]>(await call('GET', HISTORY_PATHS[kind])),

    'dashboard:disclaimerCheck': async (_payload, { call }) =>
      fromReply<DisclaimerCheckResponse>(await call('GET', '/api/disclaimeragreementcheck')),

    'dashboard:agree': async (_payload, { call }) => {
      const body: DisclaimerRequest = { disclaimerAgree: true };
      return fromReply<MessageResponse>(await call('POST', '/api/disclaimer', body));
    },

    'dashboard:pieChart': async (_payload, { call }) =>
      fromReply<PieChartResponse>(await call('GET', '/api/pichart')),

    'dashboard:totalProfit': async (_payload, { call }) =>
      fromReply<TotalProfitBookResponse>(await call('GET', '/api/totalprofitbookdata')),
  },
};
