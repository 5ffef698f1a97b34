import { Typography } from 'antd';

export function PageTitle({ title }: { title: string }) {
  return (
    <Typography.Title level={2} className="page-title">
      {title}
    </Typography.Title>
  );
}
