/** A bot card's sparkline, drawn from `bot_orders` as every runnable's is (../runnables/sparklines.ts). */
import { sparklineBook } from '../runnables/sparklines';

export const botSparklines = sparklineBook({ table: 'bot_orders', owner: 'bot_id' });
