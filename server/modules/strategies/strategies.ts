/**
 * Strategy management (SPEC sections 5-7): create, list, detail, edit, delete. Input arrives
 * validated by common/'s schemas; the trading core's normaliseStrategy checks it once more, so
 * the server never stores a strategy the core would refuse to run.
 */
import { eq, sql } from 'drizzle-orm';
import type {
  CreateStrategyRequest,
  StrategyDetail,
  StrategyDetailInput,
  StrategyListItem,
  StrategyRow,
} from '../../../common/api/strategy';
import { SERVER, VALIDATION } from '../../../common/messages';
import { detailToRows, gridCountOf } from '../../../common/schemas/strategy';
import type { Db } from '../../db/database';
import { sqlState } from '../../db/database';
import { strategies, strategyGrids } from '../../db/schema';
import { normaliseStrategy, TradingInputError } from '../../../trading/index';
import { DomainError } from '../errors';
import { listItem, toDetail, toGridRecords } from './detail';
import {
  findVisible,
  gridsOf,
  inUse,
  listStrategies,
  lockOwn,
  systemNameTaken,
  type StrategyKind,
  type StrategyRecord,
} from './queries';

const notFound = () => new DomainError('strategy.not_found', SERVER.strategyNotFound);
const duplicate = () => new DomainError('strategy.exists', SERVER.strategyExists);

/** The core's own check; its message names the field, so it goes to the member as is. */
function assertRunnable(name: string, rows: StrategyRow[]): void {
  try {
    normaliseStrategy({ strategyName: name, noOfGrids: rows.length, tableData: rows });
  } catch (error) {
    if (error instanceof TradingInputError) throw new DomainError('strategy.invalid', error.message);
    throw error;
  }
}

export async function createStrategy(db: Db, userId: string, request: CreateStrategyRequest): Promise<void> {
  const name = request.strategyName.trim();
  const rows = request.tableData;
  assertRunnable(name, rows);
  // A member's strategy may not take a system name: names are how strategies are selected.
  if (await systemNameTaken(db, name)) throw duplicate();
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(strategies)
        .values({ userId, name, kind: 'advanced', gridCount: rows.length })
        .returning({ id: strategies.id });
      await tx.insert(strategyGrids).values(toGridRecords(row!.id, rows));
    });
  } catch (error) {
    // The unique index settles a race between two saves of the same name.
    if (sqlState(error).code === '23505') throw duplicate();
    throw error;
  }
}

/** The member's strategies (owner 'member') or the system ones, optionally of one kind. */
export async function strategyList(
  db: Db,
  userId: string,
  owner: 'member' | 'system',
  kind?: StrategyKind,
): Promise<StrategyListItem[]> {
  return (await listStrategies(db, userId, owner, kind)).map(listItem);
}

async function visibleOrThrow(db: Db, userId: string, name: string): Promise<StrategyRecord> {
  const strategy = await findVisible(db, userId, name.trim());
  if (!strategy) throw notFound();
  return strategy;
}

export async function strategyDetail(db: Db, userId: string, name: string): Promise<StrategyDetail> {
  const strategy = await visibleOrThrow(db, userId, name);
  return toDetail(strategy.name, await gridsOf(db, strategy.id));
}

export async function gridCount(db: Db, userId: string, name: string): Promise<number> {
  return (await visibleOrThrow(db, userId, name)).gridCount;
}

/** The member's own strategy, locked; a system strategy is read-only (403), others are 404. */
async function lockEditable(tx: Db, userId: string, name: string): Promise<StrategyRecord> {
  const own = await lockOwn(tx, userId, name);
  if (own) return own;
  if (await systemNameTaken(tx, name)) throw new DomainError('strategy.read_only', SERVER.systemStrategyReadOnly);
  throw notFound();
}

/** Rewrites the percentages; the name and the number of grids stay as saved. */
export async function editStrategy(db: Db, userId: string, detail: StrategyDetailInput): Promise<void> {
  const name = detail.strategy_name.trim();
  const rows = detailToRows(detail);
  await db.transaction(async (tx) => {
    const strategy = await lockEditable(tx, userId, name);
    if (gridCountOf(detail.No_of_order) !== strategy.gridCount) {
      throw new DomainError('strategy.invalid', VALIDATION.gridCountFixed);
    }
    assertRunnable(name, rows);
    await tx.delete(strategyGrids).where(eq(strategyGrids.strategyId, strategy.id));
    await tx.insert(strategyGrids).values(toGridRecords(strategy.id, rows));
    await tx
      .update(strategies)
      .set({ updatedAt: sql`now()` })
      .where(eq(strategies.id, strategy.id));
  });
}

/**
 * Refused while a Live or Paused bot uses the strategy. The row lock makes the check and the
 * delete one step; starting a bot must take the same lock (FOR SHARE) before it inserts.
 */
export async function deleteStrategy(db: Db, userId: string, name: string): Promise<void> {
  await db.transaction(async (tx) => {
    const strategy = await lockEditable(tx, userId, name.trim());
    if (await inUse(tx, strategy.id)) throw new DomainError('strategy.in_use', SERVER.strategyInUse);
    await tx.delete(strategies).where(eq(strategies.id, strategy.id));
  });
}
