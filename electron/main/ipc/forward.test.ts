/**
 * The forwarder's reading of the billing service's envelope, against a scripted `call` rather
 * than the fake platform server: that one answers only what the real server could send, and a
 * 200 whose code is not '0000' is main's guard against a service that would.
 */
import { describe, expect, it } from 'vitest';
import { billingOps } from '../../../common/ops/billing';
import type { HttpReply } from '../ports/types';
import type { HandlerContext } from './context';
import { forward, forwardWithMsg } from './forward';

const REFUSED = 'The account service refused the request.';

/** A `call` that answers `body` with status 200 and records what it was asked. */
function answering(body: unknown) {
  const asked: unknown[][] = [];
  const call: HandlerContext['call'] = async (...args) => {
    asked.push(args);
    return { status: 200, statusText: 'OK', body } satisfies HttpReply;
  };
  return { call, asked };
}

describe('forward: a billing operation', () => {
  it("posts to the operation's path and answers the envelope's data", async () => {
    const { call, asked } = answering({ code: '0000', data: { rewards: '1.5' }, msg: 'Success' });
    expect(await forward(call, billingOps['billing:levelReward'], {})).toEqual({ ok: true, value: { rewards: '1.5' } });
    expect(asked).toEqual([['POST', '/account/level-income/level-reward', {}, undefined]]);
  });

  it("refuses with the service's msg when the code is not '0000', and says so itself without one", async () => {
    const refused = await forward(answering({ code: '1001', msg: 'No such member' }).call, billingOps['billing:userData'], {});
    expect(refused).toEqual({ ok: false, error: { status: 400, message: 'No such member', reason: 'request.malformed' } });
    expect(await forward(answering({ code: '1001' }).call, billingOps['billing:userData'], {})).toMatchObject({
      ok: false,
      error: { status: 400, message: REFUSED },
    });
  });

  it('treats a success without data as a refusal', async () => {
    expect(await forward(answering({ code: '0000', msg: 'Success' }).call, billingOps['billing:teamLevels'], {})).toMatchObject({
      ok: false,
      error: { status: 502, message: REFUSED },
    });
  });
});

describe('forwardWithMsg', () => {
  it('answers the msg beside the data, or alone, and sends the headers it is given', async () => {
    const { call, asked } = answering({ code: '0000', data: { credited: 1 }, msg: 'Deposit synced' });
    expect(await forwardWithMsg(call, billingOps['billing:depositSync'], {}, { 'Idempotency-Key': 'k-1' })).toEqual({
      ok: true,
      value: { data: { credited: 1 }, msg: 'Deposit synced' },
    });
    expect(asked).toEqual([['POST', '/account/wallet/usdt/deposit/sync', {}, { 'Idempotency-Key': 'k-1' }]]);
    expect(
      await forwardWithMsg(answering({ code: '0000', msg: 'Nothing new' }).call, billingOps['billing:depositSync'], {}),
    ).toEqual({ ok: true, value: { data: undefined, msg: 'Nothing new' } });
  });

  it("refuses with the service's msg when the code is not '0000'", async () => {
    expect(
      await forwardWithMsg(answering({ code: '1001', msg: 'Refused' }).call, billingOps['billing:withdraw'], {
        amount: '1',
        toAddress: '0x',
      }),
    ).toEqual({ ok: false, error: { status: 400, message: 'Refused', reason: 'request.malformed' } });
  });
});
