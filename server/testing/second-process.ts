/**
 * A second API process on a test server's database: its own pool, notification connection and
 * memory (session cache, anything per process), the same config and clock. For tests of what
 * API processes share through PostgreSQL.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { openDatabase, type Database } from '../db/database';
import { MemoryMailer } from '../mail/mailer';
import type { TestServer } from './server';

export interface SecondProcess {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

export async function secondApiProcess(server: TestServer): Promise<SecondProcess> {
  const database = await openDatabase(server.config);
  const app = await buildApp({
    config: server.config,
    db: database.db,
    mailer: new MemoryMailer(),
    clock: server.clock,
    notifications: database.notifications,
  });
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
