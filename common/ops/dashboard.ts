/**
 * Dashboard operations (SPEC section 7: Dashboard): the disclaimer, the funds pie and the profit
 * totals. Every open desktop polls these with GET /api/botstatus every 10 s.
 */
import type { MessageResponse } from '../api/account';
import type {
  DisclaimerCheckResponse,
  DisclaimerRequest,
  PieChartResponse,
  TotalProfitBookResponse,
} from '../api/bots';
import { disclaimerBody } from '../schemas/bots';
import { op, type Empty } from './define';
import { arrayOf, bool, messageReply, object, str } from './json-schema';

const dashboard = { auth: 'member', envelope: 'api', tag: 'dashboard' } as const;

export const dashboardOps = {
  'dashboard:disclaimerCheck': op<Empty, DisclaimerCheckResponse>()({
    ...dashboard, method: 'GET', path: '/api/disclaimeragreementcheck', summary: 'Whether the member agreed to the disclaimer',
    response: object({ agreed: bool }),
  }),
  'dashboard:disclaimer': op<DisclaimerRequest, MessageResponse>()({
    ...dashboard, method: 'POST', path: '/api/disclaimer', input: disclaimerBody, summary: 'Records that the member agreed to the disclaimer',
    response: messageReply,
  }),
  'dashboard:pieChart': op<Empty, PieChartResponse>()({
    ...dashboard, method: 'GET', path: '/api/pichart', summary: 'The spot USDT wallet split by bot, and what is free to use',
    response: object({ chartData: arrayOf(object({ label: str, value: str })), usdt: str, availableBalance: str }),
  }),
  'dashboard:totalProfit': op<Empty, TotalProfitBookResponse>()({
    ...dashboard, method: 'GET', path: '/api/totalprofitbookdata', summary: "Profit, loss book and total PnL over the member's bots",
    response: object({ totalProfit: str, lossBook: str, totalpnl: str }),
  }),
};
