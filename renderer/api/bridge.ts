/**
 * The renderer's one door to the world: typed calls over `window.griddesk`. Every failure is
 * an ApiError carrying the server's HTTP status (0 = no response) so pages can map it to the
 * SPEC message they owe the member.
 */
import type { IpcChannel, IpcPayload, IpcValue } from '../../common/ipc/contract';
import { reasonOfStatus, type Reason } from '../../common/reasons';

export class ApiError extends Error {
  readonly status: number;
  /** Why (common/reasons.ts): what the renderer branches on; `message` is only ever shown. */
  readonly reason: Reason;

  constructor(status: number, message: string, reason?: Reason) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.reason = reason ?? reasonOfStatus(status);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export async function invoke<C extends IpcChannel>(channel: C, payload: IpcPayload<C>): Promise<IpcValue<C>> {
  const bridge = window.griddesk;
  if (!bridge) throw new ApiError(0, 'The desktop bridge is not available.');
  let result;
  try {
    result = await bridge.invoke(channel, payload);
  } catch (error) {
    // A rejected invoke means main never answered: treat it like "no response".
    throw new ApiError(0, error instanceof Error ? error.message : String(error));
  }
  if (result.ok) return result.value;
  throw new ApiError(result.error.status, result.error.message, result.error.reason);
}
