import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EXCHANGE_LABELS } from '../../../common/messages';
import { SIGNED_IN, fail, installFakeBridge, ok } from '../../test/fakeBridge';
import { currentPath, renderApp } from '../../test/renderApp';

describe('dashboard warning banner', () => {
  it('asks to whitelist the server IP and leads to API Setting', async () => {
    const bridge = installFakeBridge(SIGNED_IN);
    bridge.handle('keys:serverIp', () => ok({ ip: '203.0.113.7' }));
    renderApp('/dashboard');
    const banner = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(banner.className).toContain('ant-alert-warning');
    expect(await screen.findByText(EXCHANGE_LABELS.dashboardWarning)).toBeTruthy();
    expect(await screen.findByText(EXCHANGE_LABELS.dashboardWarningIp('203.0.113.7'))).toBeTruthy();
    fireEvent.click(screen.getByText(EXCHANGE_LABELS.apiSettingButton));
    await waitFor(() => expect(currentPath()).toBe('/api-setting'));
  });

  it('still shows the warning when the IP cannot be read', async () => {
    const bridge = installFakeBridge(SIGNED_IN);
    bridge.handle('keys:serverIp', () => fail(0, 'offline'));
    renderApp('/dashboard');
    expect(await screen.findByText(EXCHANGE_LABELS.dashboardWarning, {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText(EXCHANGE_LABELS.apiSettingButton)).toBeTruthy();
  });
});
