/** The signed-in header: the menu toggle, the page's title, the theme switch, the wallet link and the profile menu. */
import MenuFoldOutlined from '@ant-design/icons/MenuFoldOutlined';
import MenuUnfoldOutlined from '@ant-design/icons/MenuUnfoldOutlined';
import WalletOutlined from '@ant-design/icons/WalletOutlined';
import { Button, Layout, Typography, theme } from 'antd';
import { Link, useLocation } from 'react-router-dom';
import { LABELS } from '../../../common/messages';
import { ROUTES } from '../../../common/routes';
import { ThemeToggle } from '../../components/ThemeToggle';
import { ProfileMenu } from './ProfileMenu';
import { useHeaderTitle } from './headerTitle';
import { titleForPath } from './navigation';

function HeaderTitle({ pathname }: { pathname: string }) {
  return (
    <Typography.Text strong className="header-title">
      {useHeaderTitle(titleForPath(pathname))}
    </Typography.Text>
  );
}

export function AppHeader({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const { token } = theme.useToken();
  const location = useLocation();
  return (
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
        onClick={onToggle}
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
  );
}
