/** The frame of the three edit dialogs: the form, then Reset, Cancel and Save. */
import { Button, Form, Modal, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { RUNNING_BOT_LABELS } from '../../../common/messages';

interface EditDialogProps<T> {
  title: string;
  open: boolean;
  onClose: () => void;
  form: FormInstance<T>;
  initialValues: Partial<T>;
  onSave: (values: T) => void;
  onReset: () => void;
  saving: boolean;
  resetting: boolean;
  children: ReactNode;
}

export function EditDialog<T extends object>(props: EditDialogProps<T>) {
  const { title, open, onClose, form, initialValues, onSave, onReset, saving, resetting, children } = props;
  const busy = saving || resetting;
  return (
    <Modal
      title={title}
      open={open}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="reset" danger onClick={onReset} loading={resetting} disabled={busy}>
          {RUNNING_BOT_LABELS.reset}
        </Button>,
        <Button key="cancel" onClick={onClose} disabled={busy}>
          {RUNNING_BOT_LABELS.cancel}
        </Button>,
        <Button key="save" type="primary" onClick={() => form.submit()} loading={saving} disabled={busy}>
          {RUNNING_BOT_LABELS.save}
        </Button>,
      ]}
    >
      <Form<T> form={form} layout="vertical" initialValues={initialValues} onFinish={onSave} disabled={busy}>
        {children}
      </Form>
    </Modal>
  );
}
