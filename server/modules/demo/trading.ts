/**
 * A living first run: in simulator mode the demo member gets simulator keys holding 10,000 USDT,
 * one bot running the default system strategy and one live cycle (./cycle.ts), so a newcomer
 * sees trades, and the Cycle page at work, from the start.
 * Only with the in-process simulator (whose control this process holds), never on a real exchange,
 * and not with DEMO_TRADING=false.
 */
import { SYSTEM_STRATEGY_NAME } from '../../../common/constants';
import type { Config } from '../../config/config';
import type { Db } from '../../db/database';
import type { ExchangeServices } from '../../exchange/services';
import { startBot } from '../bots/start';
import { systemClock } from '../clock';
import { findUserByEmail } from '../accounts/users';
import { saveKeys } from '../keys/keys';
import { seedDemoCycle } from './cycle';
import { DEMO_MEMBER } from './seed';

export const DEMO_TRADING = { usdt: '10000', pair: 'BTCUSDT', amount: 1000 } as const;

export async function seedDemoTrading(deps: { config: Config; db: Db; exchange: ExchangeServices }): Promise<string | null> {
  const simulator = deps.exchange.simulator;
  if (deps.config.exchange !== 'sim' || !simulator || !deps.config.demoTrading) return null;
  const user = await findUserByEmail(deps.db, DEMO_MEMBER.email);
  if (!user) return null;
  const key = simulator.control.createAccount({ balances: { USDT: DEMO_TRADING.usdt }, ipRestrict: true });
  await saveKeys(deps, user.id, key);
  const { botID } = await startBot({ ...deps, clock: systemClock }, user.id, {
    selectPair: DEMO_TRADING.pair,
    myStrategy: SYSTEM_STRATEGY_NAME,
    amount: DEMO_TRADING.amount,
    category: 'Spot',
    botType: 'Advanced Multigrid',
  });
  await seedDemoCycle(deps, user.id);
  return botID;
}
