/** The disclaimer popup (SPEC sections 2, 4, 8): only Agree closes it. */
import { Button, Modal, Typography } from 'antd';
import { BOT_LABELS } from '../../../common/messages';

interface DisclaimerModalProps {
  open: boolean;
  agreeing: boolean;
  onAgree: () => void;
}

export function DisclaimerModal({ open, agreeing, onAgree }: DisclaimerModalProps) {
  return (
    <Modal
      open={open}
      title={BOT_LABELS.disclaimerTitle}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={
        <Button type="primary" loading={agreeing} onClick={onAgree}>
          {BOT_LABELS.agree}
        </Button>
      }
    >
      {BOT_LABELS.disclaimerBody.map((paragraph) => (
        <Typography.Paragraph key={paragraph}>{paragraph}</Typography.Paragraph>
      ))}
    </Modal>
  );
}
