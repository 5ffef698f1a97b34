import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router-dom';
import { LABELS } from '../../../common/messages';
import { api } from '../../api/client';
import { useLogout, useSession } from '../session';
import { PROFILE_MENU } from './navigation';

/** Shows the member's e-mail (GET /api/email, else what the session knows) and the account links. */
export function ProfileMenu() {
  const { session } = useSession();
  const navigate = useNavigate();
  const logout = useLogout();
  const email = useQuery({ queryKey: ['account', 'email'], queryFn: () => api.account.email(), retry: false });
  const shown = email.data?.email ?? session?.email ?? '';

  const items: MenuProps['items'] = [
    { key: 'email', label: shown, disabled: true, className: 'profile-email' },
    { type: 'divider' },
    ...PROFILE_MENU.map((entry) => ({ key: entry.path, label: entry.label, icon: entry.icon })),
    { type: 'divider' },
    { key: 'logout', label: LABELS.logout, icon: <LogoutOutlined />, danger: true },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'logout') void logout();
    else if (key.startsWith('/')) navigate(key);
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <Button type="text" aria-label={LABELS.profileMenu} className="profile-button">
        <Avatar size="small" icon={<UserOutlined />} />
        <span className="profile-email-text">{shown}</span>
      </Button>
    </Dropdown>
  );
}
