/**
 * The platform server in its own process for bench:api (as main.ts starts it), so autocannon in
 * the bench's process does not share the server's event loop. Configured by the environment
 * (ROLES, DATABASE_URL, SIM_URL, ...); prints its url on stdout.
 */
import { startPlatformServer } from '../../server/start';

const server = await startPlatformServer({ env: process.env, logger: false, pgliteTemplate: false });
console.log(server.url);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
