/** API Setting, "Bind exchange API" (SPEC sections 2, 4, 5, 8). */
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Card, Space, Typography } from 'antd';
import { EXCHANGE_LABELS } from '../../../common/messages';
import { SCREEN_TITLES } from '../../../common/routes';
import { ApiError } from '../../api/bridge';
import { api } from '../../api/client';
import { EXCHANGE_KEYS } from '../../api/exchange';
import { PageTitle } from '../../components/PageTitle';
import { LoadError, LoadingSkeleton } from '../../components/states';
import { ApiKeysForm } from './ApiKeysForm';
import { ConnectedKeys } from './ConnectedKeys';

function ServerIp() {
  const ip = useQuery({ queryKey: EXCHANGE_KEYS.serverIp, queryFn: () => api.keys.serverIp(), staleTime: Infinity });
  return (
    <div>
      <Typography.Text type="secondary">{EXCHANGE_LABELS.serverIp}</Typography.Text>
      <div>
        {ip.data ? (
          <Typography.Text strong copyable={{ text: ip.data.ip }} aria-label={EXCHANGE_LABELS.serverIp}>
            {ip.data.ip}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">{ip.isError ? '-' : '...'}</Typography.Text>
        )}
      </div>
      <Typography.Text type="secondary">{EXCHANGE_LABELS.serverIpHelp}</Typography.Text>
    </div>
  );
}

export default function ApiSettingPage() {
  const connection = useQuery({ queryKey: EXCHANGE_KEYS.connection, queryFn: () => api.keys.checkConnection() });
  const connected = connection.data?.connected === true;
  // 503: the keys are bound but the exchange cannot answer now; keep showing them rather than
  // invite the member to bind them again. Any other failure reads as "not connected".
  const unreachable = connection.error instanceof ApiError && connection.error.status === 503 ? connection.error.message : null;
  // No answer, or a server failure: the state is unknown, so neither 'Disconnected' nor the form
  // (which would invite binding keys that may be bound) is shown as a fact; Retry asks again.
  const unknown =
    connection.error instanceof ApiError &&
    unreachable === null &&
    (connection.error.status === 0 || connection.error.status >= 500);

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%', maxWidth: 720 }}>
      <PageTitle title={SCREEN_TITLES.apiSetting} />
      <Card>
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 16 }}>
            <ServerIp />
            {connection.isPending || unreachable !== null || unknown ? null : (
              <Badge
                status={connected ? 'success' : 'error'}
                text={connected ? EXCHANGE_LABELS.connected : EXCHANGE_LABELS.disconnected}
              />
            )}
          </div>
          {unreachable !== null && <Alert type="warning" showIcon title={unreachable} />}
          {connection.isPending ? (
            <LoadingSkeleton shape="detail" count={3} />
          ) : unknown ? (
            <LoadError onRetry={() => connection.refetch()} />
          ) : connected || unreachable !== null ? (
            <ConnectedKeys />
          ) : (
            <ApiKeysForm />
          )}
        </Space>
      </Card>
    </Space>
  );
}
