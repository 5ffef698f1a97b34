/**
 * The one Drizzle schema (ARCHITECTURE section 4), a file per area. `npm run db:generate` turns
 * changes into SQL migrations under ../migrations, applied at boot on PGlite and PostgreSQL
 * alike, so nothing here may rely on features beyond PostgreSQL 15. Import tables from here
 * (`db/schema`), not from an area's file: drizzle-kit and openDatabase() read this index.
 */
export * from './members';
export * from './limits';
export * from './settings';
export * from './billing';
export * from './strategies';
export * from './bots';
export * from './events';
export * from './keys';
export * from './wallet';
export * from './ledger';
export * from './chain';
export * from './cycles';
export * from './starts';
