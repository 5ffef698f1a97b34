/** The signed-in sidebar: the logo home link and the main menu, with Logout at its end. */
import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import { Layout, Menu, theme, type MenuProps } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { LABELS } from '../../../common/messages';
import { ROUTES } from '../../../common/routes';
import { Logo } from '../../components/Logo';
import { useLogout } from '../session';
import { SIDEBAR } from './navigation';

const items: MenuProps['items'] = [
  ...SIDEBAR.map((entry) => ({ key: entry.path, label: entry.label, icon: entry.icon })),
  { type: 'divider' },
  { key: 'logout', label: LABELS.logout, icon: <LogoutOutlined /> },
];

interface AppSiderProps {
  collapsed: boolean;
  /** Below antd's lg: the sidebar hides entirely when collapsed, and closes after a pick. */
  narrow: boolean;
  onBreakpoint: (broken: boolean) => void;
  onCollapse: () => void;
}

export function AppSider({ collapsed, narrow, onBreakpoint, onCollapse }: AppSiderProps) {
  const { token } = theme.useToken();
  const location = useLocation();
  const navigate = useNavigate();
  const logout = useLogout();
  const onMenuClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'logout') void logout();
    else navigate(key);
    if (narrow) onCollapse();
  };
  const selected = SIDEBAR.find((entry) => location.pathname === entry.path)?.path;

  return (
    <Layout.Sider
      className="app-sider"
      theme="light"
      width={220}
      breakpoint="lg"
      collapsedWidth={narrow ? 0 : 72}
      collapsed={collapsed}
      trigger={null}
      onBreakpoint={onBreakpoint}
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
  );
}
