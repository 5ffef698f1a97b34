/** The Strategies calls of SPEC section 7: operations of common/ops/strategies.ts, forwarded as they are. */
import { strategiesOps } from '../../../../common/ops/strategies';
import type { IpcArea } from '../context';
import { forwarded } from '../forward';

export const strategiesArea: IpcArea = {
  name: 'strategies',
  handlers: forwarded(strategiesOps),
};
