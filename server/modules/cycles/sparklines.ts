/** A cycle card's sparkline, drawn from `cycle_orders` as every runnable's is (../runnables/sparklines.ts). */
import { sparklineBook } from '../runnables/sparklines';

export const cycleSparklines = sparklineBook({ table: 'cycle_orders', owner: 'cycle_id' });
