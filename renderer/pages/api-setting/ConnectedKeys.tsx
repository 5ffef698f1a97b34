/** The connected view: read-only API key, masked secret, Disconnect with a confirm (SPEC section 2). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal } from 'antd';
import { MASKED_SECRET_LENGTH } from '../../../common/constants';
import { EXCHANGE_LABELS, UI } from '../../../common/messages';
import { api } from '../../api/client';
import { EXCHANGE_KEYS } from '../../api/exchange';
import { disconnectErrorMessage } from '../../api/exchangeErrors';
import { useMessage } from '../../app/feedback';
import { LoadError } from '../../components/states';

/** The secret is never sent back; 64 dots stand for it whatever its length. */
export const MASKED_SECRET = '\u2022'.repeat(MASKED_SECRET_LENGTH);

export function ConnectedKeys() {
  const message = useMessage();
  // The disconnect confirm: a modal with the theme and the toasts' context (was <App>'s modal).
  const [modal, modalHolder] = Modal.useModal();
  const queryClient = useQueryClient();
  const apiKey = useQuery({ queryKey: EXCHANGE_KEYS.apiKey, queryFn: () => api.keys.fetch() });
  const disconnect = useMutation({
    mutationFn: () => api.keys.disconnect(),
    onSuccess: async () => {
      message.success(UI.disconnected);
      // SPEC section 4: a disconnect sets "disconnected" at once, the check confirms later.
      queryClient.setQueryData(EXCHANGE_KEYS.connection, { connected: false });
      await queryClient.invalidateQueries({ queryKey: ['keys'] });
    },
    onError: (error) => {
      message.error(disconnectErrorMessage(error));
    },
  });

  const confirm = () =>
    modal.confirm({
      title: EXCHANGE_LABELS.disconnectTitle,
      content: EXCHANGE_LABELS.disconnectBody,
      okText: EXCHANGE_LABELS.disconnect,
      okButtonProps: { danger: true },
      onOk: () => disconnect.mutate(),
    });

  return (
    <Form layout="vertical">
      {modalHolder}
      {/* An empty key field would read as no key: say it could not be read. */}
      {apiKey.isError && <LoadError compact onRetry={() => apiKey.refetch()} />}
      <Form.Item label={EXCHANGE_LABELS.apiKey} htmlFor="connected-api-key">
        <Input id="connected-api-key" readOnly value={apiKey.data?.apiKey ?? ''} />
      </Form.Item>
      <Form.Item label={EXCHANGE_LABELS.secretKey} htmlFor="connected-secret-key">
        <Input id="connected-secret-key" readOnly value={MASKED_SECRET} />
      </Form.Item>
      <Button danger onClick={confirm} disabled={disconnect.isPending}>
        {EXCHANGE_LABELS.disconnect}
      </Button>
    </Form>
  );
}
