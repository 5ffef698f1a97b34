/**
 * Settings (not in SPEC; issue 22): a switch per kind of native notification. Main keeps the
 * muted kinds in its settings (electron-store) and drops a muted notification before it is
 * shown, so a switch turned off here counts from the next event on, window open or not.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Flex, Skeleton, Switch, Typography } from 'antd';
import type { NotificationSettings } from '../../../common/ipc/contract';
import { SETTINGS_LABELS } from '../../../common/messages';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../../common/notifications';
import { SCREEN_TITLES } from '../../../common/routes';
import { api } from '../../api/client';
import { useMessage } from '../../app/feedback';
import { PageTitle } from '../../components/PageTitle';

const NOTIFICATIONS_KEY = ['settings', 'notifications'] as const;

function useNotificationSettings() {
  const queryClient = useQueryClient();
  const message = useMessage();
  const query = useQuery({ queryKey: NOTIFICATIONS_KEY, queryFn: () => api.notifications.settings() });
  const mutation = useMutation({
    mutationFn: ({ kind, muted }: { kind: NotificationKind; muted: boolean }) => api.notifications.setMuted({ kind, muted }),
    onSuccess: (stored) => queryClient.setQueryData<NotificationSettings>(NOTIFICATIONS_KEY, stored),
    onError: () => {
      message.error(SETTINGS_LABELS.saveFailed);
    },
  });
  return { query, mutation };
}

export default function SettingsPage() {
  const { query, mutation } = useNotificationSettings();
  const muted = new Set(query.data?.muted ?? []);
  // The switch being saved shows what the member chose until main answers.
  const pending = mutation.isPending ? mutation.variables : undefined;

  return (
    <Flex vertical gap="large" style={{ width: '100%', maxWidth: 720 }}>
      <PageTitle title={SCREEN_TITLES.settings} />
      <Card title={SETTINGS_LABELS.notifications}>
        <Typography.Paragraph type="secondary">{SETTINGS_LABELS.notificationsHelp}</Typography.Paragraph>
        {query.isPending ? (
          <Skeleton active />
        ) : (
          <Flex vertical gap="middle">
            {NOTIFICATION_KINDS.map((kind) => {
              const { label, description } = SETTINGS_LABELS.kinds[kind];
              const shown = pending?.kind === kind ? !pending.muted : !muted.has(kind);
              return (
                <Flex key={kind} justify="space-between" align="center" gap="middle">
                  <div>
                    <Typography.Text strong>{label}</Typography.Text>
                    <div>
                      <Typography.Text type="secondary">{description}</Typography.Text>
                    </div>
                  </div>
                  <Switch
                    aria-label={label}
                    checked={shown}
                    loading={pending?.kind === kind}
                    disabled={query.isError}
                    onChange={(on) => mutation.mutate({ kind, muted: !on })}
                  />
                </Flex>
              );
            })}
          </Flex>
        )}
      </Card>
    </Flex>
  );
}
