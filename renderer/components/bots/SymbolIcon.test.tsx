import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/Providers';
import { liveBot } from '../../testing/liveBot';
import { BotCard } from './BotCard';
import { SymbolIcon } from './SymbolIcon';
import { symbolImagePath } from './symbol';

vi.mock('@ant-design/charts', () => import('../charts/testing/chartsMock'));

const inApp = (ui: React.ReactNode) => render(<Providers>{ui}</Providers>);

describe('SymbolIcon', () => {
  it("shows the pair's image from /img/symbols/{name}.png", () => {
    const { container } = inApp(<SymbolIcon symbol="BTCUSDT" />);
    const img = container.querySelector('img.symbol-icon');
    expect(img?.getAttribute('src')).toBe('/img/symbols/BTCUSDT.png');
    expect(symbolImagePath('BTCUSDT')).toBe('/img/symbols/BTCUSDT.png');
  });

  it('shows a neutral coin with the initials for a pair without a shipped icon, asking for no file', () => {
    const { container } = inApp(<SymbolIcon symbol="NEARUSDT" size={24} />);
    expect(container.querySelector('img')).toBeNull();
    const glyph = container.querySelector('svg.symbol-icon-fallback');
    expect(glyph?.getAttribute('width')).toBe('24');
    expect(glyph?.textContent).toBe('NEA');
  });

  it('falls back to the neutral coin when a shipped icon fails to load', () => {
    const { container, rerender } = inApp(<SymbolIcon symbol="LTCUSDT" size={24} />);
    fireEvent.error(container.querySelector('img.symbol-icon')!);
    const glyph = container.querySelector('svg.symbol-icon-fallback');
    expect(glyph?.getAttribute('width')).toBe('24');
    expect(glyph?.textContent).toBe('LTC');
    expect(container.querySelector('img')).toBeNull();
    // Another pair tries its own image again.
    rerender(
      <Providers>
        <SymbolIcon symbol="ETHUSDT" />
      </Providers>,
    );
    expect(container.querySelector('img.symbol-icon')?.getAttribute('src')).toBe('/img/symbols/ETHUSDT.png');
  });
});

describe('BotCard sparkline', () => {
  const card = (sparklineData: { time: number; value: string }[]) =>
    inApp(
      <MemoryRouter>
        <BotCard bot={liveBot({ sparklineData })} to="/bot/b1" />
      </MemoryRouter>,
    );

  it('draws the sparkline from two points', async () => {
    card([
      { time: 1, value: '0' },
      { time: 2, value: '12.5' },
    ]);
    expect(await screen.findByTestId('chart-tiny-line')).toBeTruthy();
  });

  it('leaves no blank box with fewer than two points', () => {
    const { container, unmount } = card([{ time: 1, value: '1' }]);
    expect(container.querySelector('.sparkline')).toBeNull();
    unmount();
    expect(card([]).container.querySelector('.sparkline')).toBeNull();
  });
});
