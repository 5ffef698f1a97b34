/** Referral teams for the billing service's level tests (POST /account/team/..., /account/level-income/...). */
import { randomUUID } from 'node:crypto';
import { createUser } from '../../modules/accounts/users';
import { post } from '../../modules/ledger/post';
import { purchasePlan } from '../../modules/subscriptions/purchase';
import type { BillingServer } from '../../testing/billing-server';
import { issueToken } from '../plugins/auth';

export interface TeamMember {
  id: string;
  name: string;
  token: string;
}

/**
 * A referral team built by name: each member written straight to the database under a sponsor
 * named earlier (signing up through the API would hash a password per member), with a session
 * token; `buy` pays a plan's price in by a deposit and purchases the plan, which credits the
 * sponsors' levels. `server` is read at call time: tests create it in beforeAll.
 */
export function team(server: () => BillingServer) {
  const members: Record<string, TeamMember> = {};
  const db = () => server().database.db;
  return {
    members,
    async add(name: string, sponsor: string | null): Promise<TeamMember> {
      const user = await createUser(db(), {
        username: name,
        email: `${name.toLowerCase()}-${randomUUID()}@example.com`,
        contactNo: '1',
        passwordHash: 'x',
        sponsorId: sponsor === null ? null : members[sponsor]!.id,
      });
      members[name] = { id: user.id, name, token: await issueToken(server().app, user.id) };
      return members[name];
    },
    async buy(name: string, planId: string, price: string): Promise<void> {
      const userId = members[name]!.id;
      await post(db(), { key: randomUUID(), kind: 'deposit', legs: [{ userId, asset: 'USDT', amount: price }] });
      await purchasePlan(db(), userId, planId, server().clock);
    },
  };
}
