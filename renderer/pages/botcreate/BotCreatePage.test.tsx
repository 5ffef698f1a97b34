import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SCREEN_TITLES } from '../../../common/routes';
import { TEXT } from '../../../common/messages';
import { SIGNED_IN, installFakeBridge } from '../../testing/fakeBridge';
import { currentPath, renderApp } from '../../testing/renderApp';
import { contrastRatio } from '../../app/contrast';

// The Start BOT page holds the market chart, which cannot draw in jsdom (see the mock).
vi.mock('lightweight-charts', () => import('../../components/charts/testing/lightweightChartsMock'));

describe('strategy picker', () => {
  it('offers Grid Strategy, and two Comming Soon cards that go nowhere', async () => {
    installFakeBridge(SIGNED_IN);
    renderApp('/botcreate');
    const grid = await screen.findByRole('link', { name: TEXT.gridStrategy });
    expect(screen.getAllByText(TEXT.comingSoon)).toHaveLength(2);
    for (const title of [TEXT.arbitrageBot, TEXT.indicatorBots]) {
      const card = screen.getByText(title);
      expect(card.closest('a')).toBeNull();
      fireEvent.click(card);
      expect(currentPath()).toBe('/botcreate');
    }
    fireEvent.click(grid);
    await waitFor(() => expect(currentPath()).toBe('/startbot'));
    expect(await screen.findByRole('heading', { name: SCREEN_TITLES.startBot })).toBeTruthy();
  });

  it('writes Comming Soon in white on a ribbon dark enough to read it (4.5:1 or more)', async () => {
    installFakeBridge(SIGNED_IN);
    renderApp('/botcreate');
    const labels = await screen.findAllByText(TEXT.comingSoon);
    for (const label of labels) {
      const ribbon = label.closest<HTMLElement>('.ant-ribbon')!;
      expect(contrastRatio('#ffffff', ribbon.style.background || ribbon.style.backgroundColor)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
