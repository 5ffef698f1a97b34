/** A labelled figure card (a balance, a count); the group's name is its title. */
import { Card, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';

interface Props {
  title: string;
  value: ReactNode;
  /** Beside the value: a unit ('USDT') or a link. */
  extra?: ReactNode;
  /** Under the value: a dollar equivalent, a note. */
  footer?: ReactNode;
  loading?: boolean;
}

export function Figure({ title, value, extra, footer, loading = false }: Props) {
  return (
    <Card style={{ height: '100%' }}>
      <div role="group" aria-label={title}>
        <Typography.Text type="secondary">{title}</Typography.Text>
        {loading ? (
          <Skeleton.Input active size="small" style={{ display: 'block', marginTop: 8 }} />
        ) : (
          <div style={{ fontSize: 22, fontWeight: 600, marginTop: 4 }}>
            <span>{value}</span>
            {extra && <span style={{ fontSize: 14, fontWeight: 400, marginInlineStart: 8 }}>{extra}</span>}
          </div>
        )}
        {!loading && footer && <div style={{ marginTop: 4 }}>{footer}</div>}
      </div>
    </Card>
  );
}
