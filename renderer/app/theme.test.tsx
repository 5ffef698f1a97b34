import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LABELS } from '../../common/messages';
import { installFakeBridge, ok, SIGNED_IN } from '../testing/fakeBridge';
import { renderApp } from '../testing/renderApp';

describe('theme', () => {
  it('stores the choice through settings:setTheme and applies it', async () => {
    const bridge = installFakeBridge(SIGNED_IN);
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    const toggle = screen.getByRole('switch', { name: LABELS.toggleTheme });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    await waitFor(() => expect(bridge.callsTo('settings:setTheme')).toEqual([{ theme: 'dark' }]));
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'));
    expect(screen.getByRole('switch', { name: LABELS.toggleTheme }).getAttribute('aria-checked')).toBe('true');
  });

  it('follows a theme changed elsewhere, by polling settings:get', async () => {
    const bridge = installFakeBridge();
    renderApp('/');
    await screen.findByRole('button', { name: LABELS.logIn });
    expect(document.documentElement.dataset.theme).toBe('light');
    act(() => bridge.handle('settings:get', () => ok({ theme: 'dark' as const })));
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'), { timeout: 3000 });
  });
});
