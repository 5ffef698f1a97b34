/**
 * An answer carrying a key its schema does not declare: the serialiser would drop the key with
 * nothing said. A refusal with a reason the operation does not declare: a screen would meet a
 * reason it has no words for. In tests ('strict', as server/testing/server.ts builds the app)
 * either is a 500 naming it; in production ('log') the member gets the declared answer, or the
 * refusal as it is, and the log says what was wrong.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { op } from '../../../common/ops/define';
import { object, str } from '../../../common/api/json-schema';
import { DomainError } from '../../errors/domain-error';
import errors from '../plugins/errors';
import { registerOps, type AnswerCheck } from './register';

const ops = {
  start: op<Record<string, never>>()({
    method: 'GET',
    path: '/start',
    auth: 'public',
    envelope: 'api',
    response: object({ message: str }),
    tag: 'test',
    summary: 'start',
  }),
};

const refusing = {
  stop: op<Record<string, never>>()({
    method: 'GET',
    path: '/stop',
    auth: 'public',
    envelope: 'api',
    response: object({ message: str }),
    tag: 'test',
    summary: 'stop',
    refuses: ['bot.not_found'],
  }),
};

async function appRefusing(error: DomainError, answers: AnswerCheck) {
  const logged: string[] = [];
  const app = Fastify({ logger: { level: 'error', stream: { write: (line: string) => logged.push(line) } } });
  app.decorate('deps', {} as never);
  await app.register(errors);
  registerOps(app, refusing, { stop: () => Promise.reject(error) }, {}, answers);
  await app.ready();
  return { app, logged };
}

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

describe('refusals and the reasons an operation declares', () => {
  it('sends a declared reason, and one any operation may give, as it is, in tests too', async () => {
    for (const error of [
      new DomainError('bot.not_found', 'Bot not found'),
      new DomainError('validation.invalid', 'Amount must be a number'),
    ]) {
      const { app } = await appRefusing(error, 'strict');
      const reply = await app.inject({ url: '/stop' });
      expect([reply.statusCode, reply.json()]).toEqual([error.status, { message: error.message, reason: error.reason }]);
      await app.close();
    }
  });

  it('refuses, in tests, a refusal with a reason the operation does not declare, naming it in the log', async () => {
    const { app, logged } = await appRefusing(new DomainError('cycle.not_found', 'Cycle not found'), 'strict');
    const reply = await app.inject({ url: '/stop' });
    expect([reply.statusCode, reply.json().reason]).toEqual([500, 'server.internal']);
    expect(logged.join('')).toContain('GET /stop refused with cycle.not_found, a reason its entry does not declare (refuses)');
    await app.close();
  });

  it('sends the refusal as it is in production and logs the undeclared reason', async () => {
    const { app, logged } = await appRefusing(new DomainError('cycle.not_found', 'Cycle not found'), 'log');
    const reply = await app.inject({ url: '/stop' });
    expect([reply.statusCode, reply.json()]).toEqual([404, { message: 'Cycle not found', reason: 'cycle.not_found' }]);
    expect(logged.map((line) => JSON.parse(line).msg)).toEqual([
      'GET /stop refused with cycle.not_found, a reason its entry does not declare (refuses)',
    ]);
    await app.close();
  });
});
