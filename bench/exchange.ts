/**
 * bench:exchange - the exchange layer's numbers, as one JSON document: orders per second through
 * the gateway vs raw ccxt against the simulator on loopback (and the gateway's overhead per
 * call), REST weight per minute of 1,000 members polling Wallet + Dashboard, and ticker fan-out
 * to 1,000 SSE subscribers. Never fails on a timing.
 */
import { benchFanout } from './exchange/fanout';
import { benchOrders } from './exchange/orders';
import { benchPolling } from './exchange/polling';

const orders = await benchOrders();
const polling = await benchPolling();
const fanout = await benchFanout();
console.log(JSON.stringify({ bench: 'exchange', node: process.version, orders, polling, fanout }, null, 2));
process.exit(0);
