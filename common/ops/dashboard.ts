/**
 * Dashboard operations (SPEC section 7: Dashboard): the disclaimer, the funds pie and the profit
 * totals. Every open desktop polls these with GET /api/botstatus every 10 s.
 */
import { disclaimerCheckResponse, pieChartResponse, totalProfitBookResponse } from '../api/bots';
import { disclaimerBody } from '../schemas/bots';
import { op } from './define';
import { ACCOUNT_EXCHANGE_REFUSES } from './refusals';
import { messageReply } from '../api/json-schema';

const dashboard = { auth: 'member', envelope: 'api', tag: 'dashboard' } as const;

export const dashboardOps = {
  'dashboard:disclaimerCheck': op()({
    ...dashboard,
    method: 'GET',
    path: '/api/disclaimeragreementcheck',
    summary: 'Whether the member agreed to the disclaimer',
    response: disclaimerCheckResponse,
  }),
  'dashboard:disclaimer': op()({
    ...dashboard,
    method: 'POST',
    path: '/api/disclaimer',
    input: disclaimerBody,
    summary: 'Records that the member agreed to the disclaimer',
    response: messageReply,
  }),
  'dashboard:pieChart': op()({
    refuses: ACCOUNT_EXCHANGE_REFUSES,
    ...dashboard,
    method: 'GET',
    path: '/api/pichart',
    summary: 'The spot USDT wallet split by bot, and what is free to use',
    response: pieChartResponse,
  }),
  'dashboard:totalProfit': op()({
    ...dashboard,
    method: 'GET',
    path: '/api/totalprofitbookdata',
    summary: "Profit, loss book and total PnL over the member's bots",
    response: totalProfitBookResponse,
  }),
};
