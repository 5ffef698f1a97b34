/** Test helpers that walk the real HTTP flows (signup -> mailed OTP -> verify). */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import { users } from '../db/schema';
import type { TestServer } from './server';

let counter = 0;

export function uniqueEmail(prefix = 'member'): string {
  counter += 1;
  return `${prefix}${counter}-${randomBytes(3).toString('hex')}@example.com`;
}

export function otpFrom(text: string): string {
  const match = /^(\d{6})$/m.exec(text);
  if (!match) throw new Error(`no OTP line in mail:\n${text}`);
  return match[1]!;
}

export function resetTokenFrom(text: string): string {
  const match = /^griddesk:\/\/resetpassword\/([A-Za-z0-9_-]+)$/m.exec(text);
  if (!match) throw new Error(`no reset link in mail:\n${text}`);
  return match[1]!;
}

export interface SignupBody {
  username: string;
  contactNo: string;
  email: string;
  password: string;
  referralId?: string;
}

export function signupBody(overrides: Partial<SignupBody> = {}): SignupBody {
  return { username: 'Alice', contactNo: '+911234567890', email: uniqueEmail(), password: 'secret12', ...overrides };
}

export interface Registered {
  email: string;
  password: string;
  token: string;
  userId: string;
  userCode: string;
}

export async function register(server: TestServer, overrides: Partial<SignupBody> = {}): Promise<Registered> {
  const body = signupBody(overrides);
  const signup = await server.app.inject({ method: 'POST', url: '/api/signup', payload: body });
  if (signup.statusCode !== 200) throw new Error(`signup failed: ${signup.body}`);
  const otp = otpFrom(server.mailer.lastTo(body.email.toLowerCase())!.text);
  const verify = await server.app.inject({ method: 'POST', url: '/api/verify-otp', payload: { ...body, otp } });
  if (verify.statusCode !== 200) throw new Error(`verify failed: ${verify.body}`);
  const json = verify.json<{ token: string; id: string; userCode: string }>();
  return {
    email: body.email.toLowerCase(),
    password: body.password,
    token: json.token,
    userId: json.id,
    userCode: json.userCode,
  };
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** GET and POST /api/<url> as a member. The server is read at call time: tests create it in beforeAll. */
export function memberApi(server: () => TestServer) {
  return {
    get: (who: Registered, url: string) => server().app.inject({ method: 'GET', url: `/api/${url}`, headers: bearer(who.token) }),
    post: (who: Registered, url: string, payload: object) =>
      server().app.inject({ method: 'POST', url: `/api/${url}`, payload, headers: bearer(who.token) }),
  };
}

let inserted = 0;
/** A member row written straight to the database (module tests that need no login). */
export async function insertMember(db: Db, sponsorId: string | null = null): Promise<string> {
  const id = randomUUID();
  inserted += 1;
  await db.insert(users).values({
    id,
    username: `member${inserted}`,
    email: `member-${id}@example.com`,
    contactNo: '1',
    passwordHash: 'x',
    referralCode: `T${String(inserted).padStart(5, '0')}`,
    sponsorId,
  });
  return id;
}
