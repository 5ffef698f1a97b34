import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EXCHANGE_LABELS, SERVER, STATE_LABELS, UI, VALIDATION } from '../../../common/messages';

const NO_IP_RESTRICTION = 'Keys saved without an IP restriction: whitelist the server IP on the exchange.';
import { SIGNED_IN, deferred, fail, installFakeBridge, ok, type FakeBridge } from '../../testing/fakeBridge';
import { renderApp } from '../../testing/renderApp';

function open(connected: boolean, warning?: string) {
  const bridge = installFakeBridge(SIGNED_IN);
  let state = connected;
  bridge.handle('keys:checkConnection', () => ok({ connected: state }));
  bridge.handle('keys:serverIp', () => ok({ ip: '203.0.113.7' }));
  bridge.handle('keys:fetch', () => ok({ apiKey: state ? 'AK-123' : null }));
  bridge.handle('keys:save', () => {
    state = true;
    return ok({ message: UI.apiKeysSaved, ...(warning ? { warning } : {}) });
  });
  bridge.handle('keys:disconnect', () => {
    state = false;
    return ok({ message: UI.disconnected });
  });
  renderApp('/api-setting');
  return bridge;
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
/** The first paint of a lazy page under a loaded CI machine can take a while. */
const SLOW = { timeout: 15_000 };

async function submitKeys(apiKey: string, secretKey: string) {
  await screen.findByText(EXCHANGE_LABELS.disconnected, {}, SLOW);
  fireEvent.change(input(EXCHANGE_LABELS.apiKey), { target: { value: apiKey } });
  fireEvent.change(input(EXCHANGE_LABELS.secretKey), { target: { value: secretKey } });
  fireEvent.click(screen.getByRole('button', { name: EXCHANGE_LABELS.submit }));
}

async function confirmDisconnect() {
  fireEvent.click(await screen.findByText(EXCHANGE_LABELS.disconnect, {}, SLOW));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getAllByText(EXCHANGE_LABELS.disconnectTitle).length).toBeGreaterThan(0);
  fireEvent.click(within(dialog).getByRole('button', { name: EXCHANGE_LABELS.disconnect }));
}

describe('API Setting', () => {
  it('shows the server IP to whitelist and the Disconnected badge with the key form', async () => {
    open(false);
    expect(await screen.findByText('203.0.113.7', {}, SLOW)).toBeTruthy();
    expect(await screen.findByText(EXCHANGE_LABELS.disconnected)).toBeTruthy();
    expect(input(EXCHANGE_LABELS.secretKey).type).toBe('password');
  });

  it('keeps the bound keys on screen with a warning when the exchange cannot answer (503)', async () => {
    const bridge = open(true);
    const unreachable = 'The exchange is not answering right now. Please try again in a moment.';
    bridge.handle('keys:checkConnection', () => fail(503, unreachable));
    expect(await screen.findByText(unreachable, {}, SLOW)).toBeTruthy();
    expect(await screen.findByText(EXCHANGE_LABELS.disconnect)).toBeTruthy();
    expect(screen.queryByText(EXCHANGE_LABELS.disconnected)).toBeNull();
    expect(screen.queryByRole('button', { name: EXCHANGE_LABELS.submit })).toBeNull();
  });

  it('asks for both keys', async () => {
    const bridge = open(false);
    await submitKeys('', '');
    expect(await screen.findByText(VALIDATION.apiKeyRequired)).toBeTruthy();
    expect(await screen.findByText(VALIDATION.secretKeyRequired)).toBeTruthy();
    expect(bridge.callsTo('keys:save')).toEqual([]);
  });

  it('saves, clears the secret at once, says so and re-checks into the connected view', async () => {
    const bridge = open(false);
    await submitKeys(' AK-123 ', 'SK-secret');
    expect(await screen.findByText(UI.apiKeysSaved)).toBeTruthy();
    expect(bridge.callsTo('keys:save')).toEqual([{ apiKey: 'AK-123', secretKey: 'SK-secret' }]);
    expect(await screen.findByText(EXCHANGE_LABELS.connected)).toBeTruthy();
    expect(bridge.callsTo('keys:checkConnection').length).toBeGreaterThanOrEqual(2);
    expect(input(EXCHANGE_LABELS.apiKey).value).toBe('AK-123');
    expect(document.body.innerHTML).not.toContain('SK-secret');
  });

  it('shows the warning the server sends with a saved key (no IP restriction)', async () => {
    open(false, NO_IP_RESTRICTION);
    await submitKeys('AK-1', 'SK-secret');
    expect(await screen.findByText(UI.apiKeysSaved)).toBeTruthy();
    expect(await screen.findByText(NO_IP_RESTRICTION)).toBeTruthy();
  });

  it('shows no warning for a saved key without one', async () => {
    open(false);
    await submitKeys('AK-1', 'SK-secret');
    expect(await screen.findByText(UI.apiKeysSaved)).toBeTruthy();
    expect(screen.queryByText(NO_IP_RESTRICTION)).toBeNull();
  });

  it('empties the secret field right after submit, even while the save is in flight', async () => {
    const bridge = open(false);
    bridge.handle('keys:save', () => new Promise(() => undefined));
    await submitKeys('AK-1', 'SK-secret');
    await waitFor(() => expect(input(EXCHANGE_LABELS.secretKey).value).toBe(''));
  });

  it.each([
    [
      fail(400, 'Invalid API key or secret. Check the keys and try again.'),
      'Invalid API key or secret. Check the keys and try again.',
    ],
    [
      fail(400, 'These keys allow withdrawals. Create keys without withdrawal permission.'),
      'These keys allow withdrawals. Create keys without withdrawal permission.',
    ],
    [fail(500, 'Internal Server Error'), UI.apiSaveFailed],
    [fail(0, 'connect ECONNREFUSED'), UI.apiSaveFailed],
  ])('shows why a save failed: %o', async (reply, shown) => {
    const bridge = open(false);
    bridge.handle('keys:save', () => reply);
    await submitKeys('AK-1', 'SK-1');
    expect(await screen.findByText(shown)).toBeTruthy();
    expect(screen.getByText(EXCHANGE_LABELS.disconnected)).toBeTruthy();
  });

  it('shows the bound key read-only and the secret as exactly 64 dots', async () => {
    open(true);
    expect(await screen.findByText(EXCHANGE_LABELS.connected, {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(input(EXCHANGE_LABELS.apiKey).value).toBe('AK-123'));
    expect(input(EXCHANGE_LABELS.apiKey).readOnly).toBe(true);
    const secret = input(EXCHANGE_LABELS.secretKey);
    expect(secret.readOnly).toBe(true);
    expect(secret.value).toBe('\u2022'.repeat(64));
  });

  it('disconnects after confirming', async () => {
    const bridge = open(true);
    await confirmDisconnect();
    expect(await screen.findByText(UI.disconnected)).toBeTruthy();
    expect(await screen.findByText(EXCHANGE_LABELS.disconnected)).toBeTruthy();
    expect(bridge.callsTo('keys:disconnect')).toEqual([{}]);
  });

  it.each([
    [fail(400, SERVER.botRunningCannotDisconnect, 'keys.bot_running'), UI.botRunningCannotDisconnect],
    [fail(400, SERVER.botRunningCannotDisconnect, 'validation.invalid'), UI.disconnectFailed],
    [fail(500, 'boom'), UI.disconnectFailed],
  ])('says why a disconnect failed: %o', async (reply, shown) => {
    const bridge: FakeBridge = open(true);
    bridge.handle('keys:disconnect', () => reply);
    await confirmDisconnect();
    expect(await screen.findByText(shown)).toBeTruthy();
    expect(screen.getByText(EXCHANGE_LABELS.connected)).toBeTruthy();
  });

  it('says the connection could not be checked instead of "Disconnected" when there is no answer, and Retry checks again', async () => {
    const bridge = open(true);
    bridge.handle('keys:checkConnection', () => fail(0, 'offline'));
    expect(await screen.findByText(STATE_LABELS.loadFailed)).toBeTruthy();
    expect(screen.queryByText(EXCHANGE_LABELS.disconnected)).toBeNull();
    expect(screen.queryByRole('button', { name: EXCHANGE_LABELS.submit })).toBeNull();
    bridge.handle('keys:checkConnection', () => ok({ connected: true }));
    fireEvent.click(screen.getByRole('button', { name: STATE_LABELS.retry }));
    expect(await screen.findByText(EXCHANGE_LABELS.connected)).toBeTruthy();
  });

  it('shows a skeleton while the connection is checked', async () => {
    const bridge = open(true);
    const reply = deferred<ReturnType<typeof ok<{ connected: boolean }>>>();
    bridge.handle('keys:checkConnection', () => reply.promise);
    expect(await screen.findByRole('status', { name: STATE_LABELS.loading })).toBeTruthy();
    expect(screen.queryByText(EXCHANGE_LABELS.disconnected)).toBeNull();
    reply.resolve(ok({ connected: true }));
    expect(await screen.findByText(EXCHANGE_LABELS.connected)).toBeTruthy();
  });
});
