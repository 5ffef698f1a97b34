/** Frame of the public screens: brand, a card with the form, the theme switch in the corner. */
import { Card, Layout, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Logo } from './Logo';
import { ThemeToggle } from './ThemeToggle';

interface AuthShellProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}

export function AuthShell({ title, subtitle, children }: AuthShellProps) {
  return (
    <Layout className="auth-shell">
      <div className="auth-corner">
        <ThemeToggle />
      </div>
      <main className="auth-main">
        <div className="auth-brand">
          <Logo size={40} />
          <Typography.Text type="secondary">Automated grid trading on your own exchange</Typography.Text>
        </div>
        <Card className="auth-card">
          <Typography.Title level={3} className="auth-title">
            {title}
          </Typography.Title>
          {subtitle && <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph>}
          {children}
        </Card>
      </main>
    </Layout>
  );
}
