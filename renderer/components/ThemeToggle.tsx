import MoonOutlined from '@ant-design/icons/MoonOutlined';
import SunOutlined from '@ant-design/icons/SunOutlined';
import { Switch } from 'antd';
import { SHARED_LABELS } from '../../common/messages/shared';
import { useTheme } from '../app/theme';

/** A switch (not a button) so assistive tech and tests can read the current state. */
export function ThemeToggle() {
  const { theme, setTheme } = useTheme();
  return (
    <Switch
      aria-label={SHARED_LABELS.toggleTheme}
      checked={theme === 'dark'}
      onChange={(dark) => setTheme(dark ? 'dark' : 'light')}
      checkedChildren={<MoonOutlined />}
      unCheckedChildren={<SunOutlined />}
    />
  );
}
