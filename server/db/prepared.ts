/**
 * Statements the API runs on every poll, prepared once per database: drizzle builds their SQL
 * once instead of per request, and PostgreSQL parses and plans them once per connection (named
 * prepared statements). Every open desktop polls the dashboard set every 10 s, so this is most
 * of what the server does. Names must be unique per SQL text.
 */
import type { Db } from './database';

export function preparedPerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const prepared = new WeakMap<Db, T>();
  return (db) => {
    let statement = prepared.get(db);
    if (statement === undefined) prepared.set(db, (statement = build(db)));
    return statement;
  };
}
