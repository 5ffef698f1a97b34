/** There is no data (the answer came and was empty): a title and, if any, what to do about it. */
import { Empty } from 'antd';
import type { ReactNode } from 'react';
import { STATE_LABELS } from '../../../common/messages';

interface Props {
  title?: ReactNode;
  description?: ReactNode;
  /** A button or link that leads somewhere useful (create, start). */
  action?: ReactNode;
}

export function EmptyState({ title = STATE_LABELS.empty, description, action }: Props) {
  return (
    <div role="status" className="state-empty">
      <Empty
        description={
          <>
            <div>{title}</div>
            {description && <div>{description}</div>}
          </>
        }
      >
        {action}
      </Empty>
    </div>
  );
}
