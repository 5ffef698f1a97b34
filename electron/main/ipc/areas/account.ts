/**
 * Account channels (SPEC section 7: Account). Most are operations of common/ops/account.ts
 * forwarded as they are. Main writes two: the verify-otp opens a session (session-state.ts),
 * and the signup answers SPEC's message when the server gave none.
 */
import { forwardedAccountOps } from '../../../../common/ipc/areas/account';
import { SERVER } from '../../../../common/messages';
import { accountOps } from '../../../../common/ops/account';
import type { IpcArea } from '../context';
import { forward, forwarded } from '../forward';
import { ok } from '../result';
import { startSession } from '../session-state';

export const accountArea: IpcArea = {
  name: 'account',
  handlers: {
    ...forwarded(forwardedAccountOps),

    'account:signup': async (payload, { call }) => {
      const result = await forward(call, accountOps['account:signup'], payload);
      return result.ok ? ok({ message: result.value.message || SERVER.otpSent }) : result;
    },

    'account:verifyOtp': async (payload, { ports, call }) =>
      startSession(ports, await forward(call, accountOps['account:verifyOtp'], payload), payload.email),
  },
};
