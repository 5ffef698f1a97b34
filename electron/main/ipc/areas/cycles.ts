/** Cycle channels (SPEC section 7: Cycles): the operations of common/ops/cycles.ts, forwarded as they are. */
import { forwardedCyclesOps } from '../../../../common/ipc/areas/cycles';
import type { IpcArea } from '../context';
import { forwarded } from '../forward';

export const cyclesArea: IpcArea = {
  name: 'cycles',
  handlers: {
    ...forwarded(forwardedCyclesOps),
  },
};
