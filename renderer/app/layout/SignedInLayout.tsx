/**
 * Frame of every signed-in page (SPEC section 2, Layout): ticker slot pinned on top, header
 * with title, theme switch, wallet link and profile menu, and a sidebar that collapses on
 * narrow windows. Loaded lazily: the login route never downloads it.
 */
import { Layout } from 'antd';
import { Suspense, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { TickerSlot } from '../../components/TickerSlot';
import { FullPageSpin } from '../guards';
import { AppHeader } from './AppHeader';
import { AppSider } from './AppSider';
import { HeaderTitleProvider } from './headerTitle';

/** A page may rename the header's title while it shows (a stopped bot is not 'Running Bot'). */
export default function SignedInLayout() {
  return (
    <HeaderTitleProvider>
      <SignedInFrame />
    </HeaderTitleProvider>
  );
}

function SignedInFrame() {
  const [collapsed, setCollapsed] = useState(false);
  const [narrow, setNarrow] = useState(false);
  return (
    <Layout className="app-shell">
      <TickerSlot />
      {/* Said, not detected: antd finds a Sider among direct children only, AppSider wraps it. */}
      <Layout hasSider>
        <AppSider
          collapsed={collapsed}
          narrow={narrow}
          onBreakpoint={(broken) => {
            setNarrow(broken);
            setCollapsed(broken);
          }}
          onCollapse={() => setCollapsed(true)}
        />
        <Layout>
          <AppHeader collapsed={collapsed} onToggle={() => setCollapsed(!collapsed)} />
          <Layout.Content className="app-content">
            <Suspense fallback={<FullPageSpin />}>
              <Outlet />
            </Suspense>
          </Layout.Content>
        </Layout>
      </Layout>
    </Layout>
  );
}
