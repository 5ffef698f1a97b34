import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { StopDialog } from './StopDialog';

const labels = { cancel: 'Cancel', stop: 'Stop', stopAndSell: 'Stop & Sell' };
const command = (isPending = false) => ({ mutate: vi.fn(), isPending });

function show(stop = command(), stopAndSell: ReturnType<typeof command> | null = command(), onClose = vi.fn()) {
  render(
    <StopDialog title="Confirm Stop" open onClose={onClose} labels={labels} stop={stop} stopAndSell={stopAndSell}>
      <p>What stopping does</p>
    </StopDialog>,
  );
  return { stop, stopAndSell, onClose };
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('the stop dialog every kind shares', () => {
  it("shows the kind's body and runs the command pressed", () => {
    const { stop, stopAndSell } = show();
    expect(screen.getByText('What stopping does')).toBeTruthy();
    fireEvent.click(button('Stop'));
    expect(stop.mutate).toHaveBeenCalledTimes(1);
    fireEvent.click(button('Stop & Sell'));
    expect(stopAndSell!.mutate).toHaveBeenCalledTimes(1);
  });

  it('offers only Stop when there is nothing to sell', () => {
    show(command(), null);
    expect(screen.queryByRole('button', { name: 'Stop & Sell' })).toBeNull();
    expect(button('Stop')).toBeTruthy();
  });

  it('holds every button while a command runs, so a second one is not sent beside it', () => {
    const { stop, onClose } = show(command(), command(true));
    expect(button('Cancel').disabled).toBe(true);
    fireEvent.click(button('Stop'));
    expect(stop.mutate).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });
});
