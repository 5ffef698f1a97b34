/** The disconnected view: API Key and Secret Key, SUBMIT (SPEC sections 5 and 8). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { UI, EXCHANGE_LABELS } from '../../../common/messages';
import { apiKeysFormSchema } from '../../../common/schemas/exchange';
import { api } from '../../api/client';
import { apiSaveErrorMessage } from '../../api/exchangeErrors';
import { useMessage } from '../../app/feedback';
import { yupRule } from '../../hooks/yupRule';

const WARNING_SECONDS = 12;

interface KeysForm {
  apiKey: string;
  secretKey: string;
}

export function ApiKeysForm() {
  const [form] = Form.useForm<KeysForm>();
  const message = useMessage();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: ({ apiKey, secretKey }: KeysForm) => api.keys.save({ apiKey: apiKey.trim(), secretKey: secretKey.trim() }),
    onSuccess: async ({ warning }) => {
      message.success(UI.apiKeysSaved);
      // Saved, but something the member should still fix (a key open to every IP): it stays
      // on screen longer than the success line.
      if (warning) message.warning(warning, WARNING_SECONDS);
      // Saving re-checks the connection (SPEC section 4), which swaps in the connected view.
      await queryClient.invalidateQueries({ queryKey: ['keys'] });
    },
    onError: (error) => {
      message.error(apiSaveErrorMessage(error));
    },
  });

  const onFinish = (values: KeysForm) => {
    // The secret leaves the renderer with this call; main keeps it, the form must not.
    form.setFieldValue('secretKey', '');
    save.mutate(values);
  };

  return (
    <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false} disabled={save.isPending}>
      <Form.Item name="apiKey" label={EXCHANGE_LABELS.apiKey} rules={[yupRule(apiKeysFormSchema, 'apiKey')]}>
        <Input autoComplete="off" spellCheck={false} />
      </Form.Item>
      <Form.Item name="secretKey" label={EXCHANGE_LABELS.secretKey} rules={[yupRule(apiKeysFormSchema, 'secretKey')]}>
        <Input.Password autoComplete="new-password" spellCheck={false} />
      </Form.Item>
      {/* disabled, not `loading`: antd leaves the loading icon (aria "loading SUBMIT") in the
          button until its leave motion ends, which can outlive the request. */}
      <Button type="primary" htmlType="submit" disabled={save.isPending}>
        {EXCHANGE_LABELS.submit}
      </Button>
    </Form>
  );
}
