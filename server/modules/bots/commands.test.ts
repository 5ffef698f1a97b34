import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER, UI } from '../../../common/messages';
import { DomainError } from '../../errors/domain-error';
import { botCommands, bots } from '../../db/schema';
import { databaseTargets } from '../../testing/databases';
import { register, type Registered } from '../../testing/members';
import { createTestServer, type TestServer } from '../../testing/server';
import { editProfitBook } from './settings';
import { stopBot } from './stop';
import { insertBot, startTestEngine } from './testing/fixtures';

const targets = await databaseTargets();
const shortWait = { intervalMs: 10, timeoutMs: 150 };

describe.each(targets)('member commands on $name', (target) => {
  let server: TestServer;
  let alice: Registered;
  beforeAll(async () => {
    server = await createTestServer(target);
    alice = await register(server);
  });
  afterAll(() => server?.close());

  const deps = () => server.app.deps;
  const commandsOf = (botId: string) => server.database.db.select().from(botCommands).where(eq(botCommands.runnableId, botId));

  it('answers with the success message when no engine applies the command in time, leaving it pending', async () => {
    const bot = await insertBot(server.database.db, alice.userId);
    // Only the end of the wait can answer: no engine runs, and the command is still pending after the answer.
    expect(await stopBot(deps(), alice.userId, bot.id, shortWait)).toEqual({ message: UI.botStopped });
    const [command] = await commandsOf(bot.id);
    expect([command!.kind, command!.appliedAt, command!.result]).toEqual(['stop', null, null]);
    // The engine owns the status: the bot is still Live until it applies the stop.
    expect((await server.database.db.select().from(bots).where(eq(bots.id, bot.id)))[0]!.status).toBe('Live');
  });

  it('returns as soon as the engine applies the command, with its result', async () => {
    const accepted = await insertBot(server.database.db, alice.userId);
    const refused = await insertBot(server.database.db, alice.userId);
    const engine = startTestEngine(
      server.database.db,
      (c) => (c.runnableId === refused.id ? 'The engine refused this edit.' : 'ok'),
      5,
    );
    // A wait far longer than the test may run: only the engine's verdict can end it.
    const longWait = { intervalMs: 10, timeoutMs: 3_600_000 };
    try {
      expect(await editProfitBook(deps(), alice.userId, accepted.id, '10', longWait)).toEqual({ message: UI.profitBookSaved });
      const [command] = await commandsOf(accepted.id);
      expect([command!.appliedAt, command!.result]).toEqual([expect.any(Date), 'ok']);
      await expect(editProfitBook(deps(), alice.userId, refused.id, '10', longWait)).rejects.toThrow(SERVER.botChangeNotApplied);
      // The engine's own words stay in the command's row, for support.
      expect((await commandsOf(refused.id)).map((c) => c.result)).toEqual(['The engine refused this edit.']);
    } finally {
      engine.stop();
    }
  });

  it('gives each engine refusal its own reason, status and SPEC message', async () => {
    const answers = new Map<string, string>();
    const engine = startTestEngine(server.database.db, (c) => answers.get(c.runnableId) ?? 'ok', 5);
    const longWait = { intervalMs: 10, timeoutMs: 3_600_000 };
    try {
      for (const [answer, ...expected] of [
        ['already_stopped', 'bot.already_stopped', 400, SERVER.botAlreadyStopped],
        ['bot_not_found', 'bot.not_found', 404, SERVER.botNotFound],
        ['not_applied_now', 'bot.change_not_applied', 409, SERVER.botChangeNotApplied],
        // An engine of another version's own words: a change that did not apply, never its text.
        ['The engine refused this edit.', 'bot.change_not_applied', 409, SERVER.botChangeNotApplied],
      ] as const) {
        const bot = await insertBot(server.database.db, alice.userId);
        answers.set(bot.id, answer);
        const refusal = await editProfitBook(deps(), alice.userId, bot.id, '10', longWait).then(
          () => null,
          (error: unknown) => error,
        );
        expect(refusal).toBeInstanceOf(DomainError);
        const { reason, status, message } = refusal as DomainError;
        expect([reason, status, message]).toEqual(expected);
      }
    } finally {
      engine.stop();
    }
  });

  it('settings and command are one transaction: a refused edit writes neither', async () => {
    const bot = await insertBot(server.database.db, alice.userId, { status: 'Stopped' });
    await expect(editProfitBook(deps(), alice.userId, bot.id, '10', shortWait)).rejects.toThrow('This bot has already stopped.');
    expect(await commandsOf(bot.id)).toEqual([]);
    expect((await server.database.db.select().from(bots).where(eq(bots.id, bot.id)))[0]!.profitBook).toBeNull();
  });
});
