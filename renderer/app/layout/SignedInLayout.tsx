/**
 * Frame of every signed-in page (SPEC section 2, Layout): ticker slot pinned on top, header
 * with title, theme switch, wallet link and profile menu, and a sidebar that collapses on
 * narrow windows. Loaded lazily: the login route never downloads it.
 */
import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import MenuFoldOutlined from '@ant-design/icons/MenuFoldOutlined';
import MenuUnfoldOutlined from '@ant-design/icons/MenuUnfoldOutlined';
import WalletOutlined from '@ant-design/icons/WalletOutlined';
import { Button, Layout, Menu, Typography, theme, type MenuProps } from 'antd';
import { Suspense, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { LABELS } from '../../../common/messages';
import { ROUTES } from '../../../common/routes';
import { Logo } from '../../components/Logo';
import { ThemeToggle } from '../../components/ThemeToggle';
import { TickerSlot } from '../../components/TickerSlot';
import { FullPageSpin } from '../guards';
import { useLogout } from '../session';
import { ProfileMenu } from './ProfileMenu';
import { HeaderTitleProvider, useHeaderTitle } from './headerTitle';
import { SIDEBAR, titleForPath } from './navigation';

/** A page may rename the header's title while it shows (a stopped bot is not 'Running Bot'). */
export default function SignedInLayout() {
  return (
    <HeaderTitleProvider>
      <SignedInFrame />
    </HeaderTitleProvider>
  );
}

function HeaderTitle({ pathname }: { pathname: string }) {
  return (
    <Typography.Text strong className="header-title">
      {useHeaderTitle(titleForPath(pathname))}
    </Typography.Text>
  );
}

function SignedInFrame() {
  const [collapsed, setCollapsed] = useState(false);
  const [narrow, setNarrow] = useState(false);
  const { token } = theme.useToken();
  const location = useLocation();
  const navigate = useNavigate();
  const logout = useLogout();

  const items: MenuProps['items'] = [
    ...SIDEBAR.map((entry) => ({ key: entry.path, label: entry.label, icon: entry.icon })),
    { type: 'divider' },
    { key: 'logout', label: LABELS.logout, icon: <LogoutOutlined /> },
  ];
  const onMenuClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'logout') void logout();
    else navigate(key);
    if (narrow) setCollapsed(true);
  };
  const selected = SIDEBAR.find((entry) => location.pathname === entry.path)?.path;

  return (
    <Layout className="app-shell">
      <TickerSlot />
      <Layout>
        <Layout.Sider
          className="app-sider"
          theme="light"
          width={220}
          breakpoint="lg"
          collapsedWidth={narrow ? 0 : 72}
          collapsed={collapsed}
          trigger={null}
          onBreakpoint={(broken) => {
            setNarrow(broken);
            setCollapsed(broken);
          }}
          style={{ borderInlineEnd: `1px solid ${token.colorBorderSecondary}` }}
        >
          <Link to={ROUTES.dashboard} className="sider-logo" aria-label="GridDesk home">
            <Logo withName={!collapsed} />
          </Link>
          <nav aria-label="Main">
            <Menu
              mode="inline"
              items={items}
              selectedKeys={selected ? [selected] : []}
              onClick={onMenuClick}
              style={{ borderInlineEnd: 'none' }}
            />
          </nav>
        </Layout.Sider>
        <Layout>
          <Layout.Header
            className="app-header"
            style={{
              background: token.colorBgContainer,
              borderBottom: `1px solid ${token.colorBorderSecondary}`,
            }}
          >
            <Button
              type="text"
              aria-label={collapsed ? 'Open menu' : 'Close menu'}
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={() => setCollapsed(!collapsed)}
            />
            <HeaderTitle pathname={location.pathname} />
            <div className="header-actions">
              <ThemeToggle />
              <Link to={ROUTES.wallet} className="wallet-link" aria-label={LABELS.wallet}>
                <WalletOutlined /> <span>{LABELS.wallet}</span>
              </Link>
              <ProfileMenu />
            </div>
          </Layout.Header>
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
