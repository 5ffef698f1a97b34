/**
 * 'Backtest' on Create and Edit strategy: runs the table on screen before it is saved, so it
 * stays disabled until that table would pass the server's rules.
 */
import { Button } from 'antd';
import { useState } from 'react';
import type { BacktestStrategy } from '../../../common/api/backtest';
import { BacktestModal } from './BacktestModal';

interface BacktestButtonProps {
  /** The watched table: enables the button as soon as it is runnable. */
  strategy: BacktestStrategy | null;
  /** Reads the table when Run is pressed, so the latest keystroke is included. */
  read?: () => BacktestStrategy | null;
  disabled?: boolean;
}

export function BacktestButton({ strategy, read, disabled = false }: BacktestButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        htmlType="button"
        className="strategy-backtest"
        disabled={disabled || strategy === null}
        onClick={() => setOpen(true)}
      >
        Backtest
      </Button>
      {strategy && open && <BacktestModal strategy={strategy} read={read} open={open} onClose={() => setOpen(false)} />}
    </>
  );
}
