/**
 * Frame of the public screens: brand, a card with the form, the theme switch in the corner.
 * Drawn with theme tokens rather than antd's Layout, Card and Typography, which would weigh on
 * the login route (why: authFrameStyles.ts); the screens inside use antd as usual.
 */
import { theme } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { authFrameStyles } from './authFrameStyles';
import { Logo } from './Logo';
import { ThemeToggle } from './ThemeToggle';

interface AuthShellProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}

/** The frame's styles for the current theme (the footer line under a form uses `paragraph`). */
export function useAuthFrameStyles() {
  const { token } = theme.useToken();
  return useMemo(() => authFrameStyles(token), [token]);
}

export function AuthShell({ title, subtitle, children }: AuthShellProps) {
  const styles = useAuthFrameStyles();
  return (
    <section className="auth-shell" style={styles.page}>
      <div className="auth-corner">
        <ThemeToggle />
      </div>
      <main className="auth-main">
        <div className="auth-brand">
          <Logo size={40} />
          <span style={styles.secondaryText}>Automated grid trading on your own exchange</span>
        </div>
        <div className="auth-card" style={styles.card}>
          <h3 className="auth-title" style={styles.title}>
            {title}
          </h3>
          {subtitle && <div style={styles.note}>{subtitle}</div>}
          {children}
        </div>
      </main>
    </section>
  );
}
