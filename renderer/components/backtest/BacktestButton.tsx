/**
 * 'Backtest' on Create and Edit strategy: runs the table on screen before it is saved, so it
 * stays disabled until that table would pass the server's rules.
 */
import { Button } from 'antd';
import { useState } from 'react';
import type { BacktestStrategy } from '../../../common/api/backtest';
import { BacktestModal } from './BacktestModal';

export function BacktestButton({ strategy, disabled = false }: { strategy: BacktestStrategy | null; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button htmlType="button" className="strategy-backtest" disabled={disabled || strategy === null} onClick={() => setOpen(true)}>
        Backtest
      </Button>
      {strategy && open && <BacktestModal strategy={strategy} open={open} onClose={() => setOpen(false)} />}
    </>
  );
}
