import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { loggableError } from './errors';

/** A database error as pg or PGlite reports it: the values of the failed statement on board. */
function databaseError(): Error {
  const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
    code: '23505',
    detail: 'Key (email)=(member@example.com) already exists.',
    query: 'insert into "users" ("email") values ($1)',
    params: ['member@example.com'],
    queryOptions: { rowMode: 'array' },
  });
  return new DrizzleQueryError(
    'insert into "users" ("email", "password_hash") values ($1, $2)',
    ['member@example.com', 'argon-hash'],
    cause,
  );
}

describe('loggableError', () => {
  it('keeps what explains the failure: type, message, SQL text, code, stack', () => {
    const shown = loggableError(databaseError()) as Record<string, unknown>;
    expect(shown.type).toBe('DrizzleQueryError');
    expect(shown.message).toBe('Failed query: insert into "users" ("email", "password_hash") values ($1, $2)');
    expect(shown.query).toBe('insert into "users" ("email", "password_hash") values ($1, $2)');
    expect(String(shown.stack)).toContain('errors.test.ts');
    expect(shown.cause).toMatchObject({
      code: '23505',
      message: 'duplicate key value violates unique constraint "users_email_unique"',
    });
  });

  it("drops the parameters everywhere: the params fields, the message, the stack, the cause's detail", () => {
    const text = JSON.stringify(loggableError(databaseError()));
    expect(text).not.toContain('member@example.com');
    expect(text).not.toContain('argon-hash');
    expect(text).not.toContain('params');
    expect(text).not.toContain('queryOptions');
  });

  it('passes anything that is not an error through', () => {
    expect(loggableError('text')).toBe('text');
    expect(loggableError(undefined)).toBeUndefined();
  });

  it('survives a cause that refers back to the error', () => {
    const error = new Error('loop') as Error & { cause?: unknown };
    error.cause = error;
    expect(() => JSON.stringify(loggableError(error))).not.toThrow();
  });
});
