import { Space } from 'antd';
import { SCREEN_TITLES } from '../../../common/routes';
import { PageTitle } from '../../components/PageTitle';
import { ApiWhitelistBanner } from './ApiWhitelistBanner';

/** Only the API warning banner so far; the charts, funds and live bots come with a later issue. */
export default function DashboardPage() {
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PageTitle title={SCREEN_TITLES.dashboard} />
      <ApiWhitelistBanner />
    </Space>
  );
}
