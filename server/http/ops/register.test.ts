/**
 * An answer carrying a key its schema does not declare: the serialiser would drop the key with
 * nothing said. In tests ('strict', as server/testing/server.ts builds the app) the answer is a
 * 500 naming the key; in production ('log') the member gets the declared answer and the log
 * says what was dropped.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { op } from '../../../common/ops/define';
import { object, str } from '../../../common/api/json-schema';
import { registerOps, type AnswerCheck } from './register';

const ops = {
  start: op<Record<string, never>, { message: string }>()({
    method: 'GET', path: '/start', auth: 'public', envelope: 'api', response: object({ message: str }), tag: 'test', summary: 'start',
  }),
};

async function appAnswering(answer: object, answers: AnswerCheck) {
  const logged: string[] = [];
  const app = Fastify({ logger: { level: 'error', stream: { write: (line: string) => logged.push(JSON.parse(line).msg) } } });
  app.decorate('deps', {} as never);
  registerOps(app, ops, { start: () => answer as { message: string } }, {}, answers);
  await app.ready();
  return { app, logged };
}

describe('answers and their schemas', () => {
  it('refuses, in tests, an answer with a key its schema does not declare, naming it', async () => {
    const { app } = await appAnswering({ message: 'Cycle started', warning: 'low balance' }, 'strict');
    const reply = await app.inject({ url: '/start' });
    expect(reply.statusCode).toBe(500);
    expect(reply.json().message).toBe('GET /start answered keys its schema does not declare, which are not sent: $.warning');
    await app.close();
  });

  it('sends the declared answer in production and logs the key it dropped', async () => {
    const { app, logged } = await appAnswering({ message: 'Cycle started', warning: 'low balance' }, 'log');
    const reply = await app.inject({ url: '/start' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ message: 'Cycle started' });
    expect(logged).toEqual(['GET /start answered keys its schema does not declare, which are not sent: $.warning']);
    await app.close();
  });

  it('passes an answer that keeps to its schema in either mode', async () => {
    for (const mode of ['strict', 'log'] as const) {
      const { app, logged } = await appAnswering({ message: 'Cycle started' }, mode);
      expect((await app.inject({ url: '/start' })).json()).toEqual({ message: 'Cycle started' });
      expect(logged).toEqual([]);
      await app.close();
    }
  });
});
