/**
 * The confirmation every kind's stop shares (SPEC sections 2, 4, 8): Cancel, Stop, and Stop &
 * Sell where there is something to sell; both commands disabled while one runs. The kind gives
 * its words, its body and its two commands.
 */
import { Button, Modal } from 'antd';
import type { ReactNode } from 'react';

interface Command {
  mutate: (input: undefined) => void;
  isPending: boolean;
}

export interface StopDialogProps {
  title: string;
  open: boolean;
  onClose: () => void;
  labels: { cancel: string; stop: string; stopAndSell: string };
  stop: Command;
  /** Null when there is nothing to sell: only Stop is offered. */
  stopAndSell: Command | null;
  children: ReactNode;
}

export function StopDialog({ title, open, onClose, labels, stop, stopAndSell, children }: StopDialogProps) {
  const busy = stop.isPending || (stopAndSell?.isPending ?? false);
  const footer = [
    <Button key="cancel" onClick={onClose} disabled={busy}>
      {labels.cancel}
    </Button>,
    <Button key="stop" danger onClick={() => stop.mutate(undefined)} loading={stop.isPending} disabled={busy}>
      {labels.stop}
    </Button>,
  ];
  if (stopAndSell) {
    footer.push(
      <Button
        key="sell"
        type="primary"
        danger
        onClick={() => stopAndSell.mutate(undefined)}
        loading={stopAndSell.isPending}
        disabled={busy}
      >
        {labels.stopAndSell}
      </Button>,
    );
  }
  return (
    <Modal title={title} open={open} onCancel={onClose} destroyOnHidden footer={footer}>
      {children}
    </Modal>
  );
}
