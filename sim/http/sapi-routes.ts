/** The /sapi calls ccxt makes: currencies, margin pairs (none), key restrictions, transfers. */
import { type Transfer } from '../accounts';
import { fmt8 } from '../num';
import { SimError } from '../types';
import { apiRestrictions } from '../wire/spot';
import { optionalInt, required, type RouteContext, RouteRegistry, type RouteTable } from './route';

function coins(c: RouteContext): Record<string, unknown>[] {
  const assets = new Set(['USDT', ...[...c.core.book.specs.values()].map((s) => s.base)]);
  return [...assets].map((coin) => {
    const b = c.account.balances.get(coin);
    return {
      coin,
      name: coin,
      free: fmt8(b?.free ?? 0),
      locked: fmt8(b?.locked ?? 0),
      freeze: '0',
      withdrawing: '0',
      ipoing: '0',
      ipoable: '0',
      storage: '0',
      isLegalMoney: false,
      trading: true,
      depositAllEnable: true,
      withdrawAllEnable: true,
      networkList: [
        {
          network: 'BSC',
          coin,
          name: 'BNB Smart Chain (BEP20)',
          isDefault: true,
          depositEnable: true,
          withdrawEnable: true,
          withdrawFee: '0.1',
          withdrawMin: '1',
          withdrawMax: '9999999',
          withdrawIntegerMultiple: '0.00000001',
          minConfirm: 15,
          unLockConfirm: 0,
          sameAddress: false,
          busy: false,
          depositDesc: '',
          withdrawDesc: '',
          specialTips: '',
        },
      ],
    };
  });
}

/** GET /sapi/v1/asset/transfer: {total, rows} newest first; size defaults to 10, at most 100. */
function transferHistory(c: RouteContext): Record<string, unknown> {
  const page = c.core.transferHistory(c.account, {
    type: required(c.params, 'type'),
    startTime: optionalInt(c.params, 'startTime'),
    endTime: optionalInt(c.params, 'endTime'),
    current: Math.max(1, optionalInt(c.params, 'current') ?? 1),
    size: Math.min(Math.max(1, optionalInt(c.params, 'size') ?? 10), 100),
  });
  return { total: page.total, rows: page.rows.map(transferRow) };
}

function transferRow(t: Transfer): Record<string, unknown> {
  return { asset: t.asset, amount: t.amount.toFixed(), type: t.type, status: t.status, tranId: t.tranId, timestamp: t.timestamp };
}

const LEGACY_TRANSFER: Record<string, string> = { '1': 'MAIN_UMFUTURE', '2': 'UMFUTURE_MAIN' };

export function sapiRoutes(t: RouteTable): void {
  const r = new RouteRegistry(t, 'sapi');
  r.publicRoute('GET', '/sapi/v1/system/status', 1, () => ({ status: 0, msg: 'normal' }));
  r.signedRoute('GET', '/sapi/v1/capital/config/getall', 10, coins);
  r.signedRoute('GET', ['/sapi/v1/margin/allPairs', '/sapi/v1/margin/isolated/allPairs'], 1, () => []);
  r.signedRoute('GET', '/sapi/v1/account/apiRestrictions', 1, (c) => apiRestrictions(c.account));
  r.signedRoute('GET', '/sapi/v1/account/status', 1, () => ({ data: 'Normal' }));
  r.signedRoute('GET', '/sapi/v1/asset/tradeFee', 1, (c) =>
    c.core.book
      .symbols()
      .map((symbol) => ({ symbol, makerCommission: c.core.feeRate.toFixed(), takerCommission: c.core.feeRate.toFixed() })),
  );
  r.signedRoute(
    'POST',
    '/sapi/v1/asset/transfer',
    1,
    (c) => ({
      tranId: c.core.transfer(c.account, required(c.params, 'type'), required(c.params, 'asset'), required(c.params, 'amount')),
    }),
    { submitsTransfer: true },
  );
  r.signedRoute('GET', '/sapi/v1/asset/transfer', 1, transferHistory);
  r.signedRoute(
    'POST',
    '/sapi/v1/futures/transfer',
    1,
    (c) => {
      const type = LEGACY_TRANSFER[required(c.params, 'type')];
      if (!type) throw new SimError(-1100, "Illegal characters found in parameter 'type'.");
      return { tranId: c.core.transfer(c.account, type, required(c.params, 'asset'), required(c.params, 'amount')) };
    },
    { submitsTransfer: true },
  );
}
