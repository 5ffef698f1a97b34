/** The dashboard's warning banner (SPEC section 2, Dashboard): whitelist the server IP, test the keys. */
import { useQuery } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import { EXCHANGE_LABELS } from '../../../common/messages';
import { ROUTES } from '../../../common/routes';
import { api } from '../../api/client';
import { EXCHANGE_KEYS } from '../../api/exchange';

export function ApiWhitelistBanner() {
  const navigate = useNavigate();
  // Same query as API Setting: the IP does not change while the app runs.
  const ip = useQuery({ queryKey: EXCHANGE_KEYS.serverIp, queryFn: () => api.keys.serverIp(), staleTime: Infinity });
  return (
    <Alert
      type="warning"
      showIcon
      title={EXCHANGE_LABELS.dashboardWarning}
      // The IP's line is reserved while it loads, so the banner does not grow and push the page down.
      description={
        ip.data ? (
          EXCHANGE_LABELS.dashboardWarningIp(ip.data.ip)
        ) : ip.isPending ? (
          <span aria-hidden="true">{'\u00a0'}</span>
        ) : undefined
      }
      action={
        <Button size="small" type="primary" onClick={() => void navigate(ROUTES.apiSetting)}>
          {EXCHANGE_LABELS.apiSettingButton}
        </Button>
      }
    />
  );
}
