import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ROUTES, SCREEN_TITLES, SIGNED_IN_ROUTES, routePath } from '../../common/routes';
import { SIGNED_IN, SIGNED_OUT, installFakeBridge, ok } from '../testing/fakeBridge';
import { currentPath, renderApp } from '../testing/renderApp';

// The Start BOT page holds the market chart, which cannot draw in jsdom (see the mock).
vi.mock('lightweight-charts', () => import('../components/charts/testing/lightweightChartsMock'));

async function logIn(email = 'member@example.com', password = 'secret1') {
  fireEvent.change(await screen.findByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'LogIn' }));
}

describe('route guard', () => {
  it('sends a signed-out member from a signed-in page to login with a redirect query', async () => {
    installFakeBridge(SIGNED_OUT);
    renderApp('/mywallet?tab=spot');
    expect(await screen.findByRole('button', { name: 'LogIn' })).toBeTruthy();
    expect(currentPath()).toBe(`/?redirect=${encodeURIComponent('/mywallet?tab=spot')}`);
  });

  it('returns to the redirect target after login', async () => {
    const bridge = installFakeBridge(SIGNED_OUT);
    bridge.handle('session:login', () => ok(SIGNED_IN));
    renderApp('/Wallet-deposit');
    await logIn();
    expect(await screen.findByRole('heading', { name: SCREEN_TITLES.deposit })).toBeTruthy();
    expect(currentPath()).toBe('/Wallet-deposit');
    expect(bridge.callsTo('session:login')).toEqual([{ email: 'member@example.com', password: 'secret1' }]);
  });

  it('goes to the dashboard after login without a redirect query', async () => {
    const bridge = installFakeBridge(SIGNED_OUT);
    bridge.handle('session:login', () => ok(SIGNED_IN));
    renderApp('/');
    await logIn();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(currentPath()).toBe('/dashboard');
  });

  it('sends a signed-in member from login to the dashboard', async () => {
    installFakeBridge(SIGNED_IN);
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(currentPath()).toBe(ROUTES.dashboard);
  });

  it('keeps the reset-password page open for a signed-in member', async () => {
    installFakeBridge(SIGNED_IN);
    renderApp('/resetpassword/abc');
    expect(await screen.findByLabelText('New Password')).toBeTruthy();
    expect(currentPath()).toBe('/resetpassword/abc');
  });

  it('sends the member to login when main reports session:expired', async () => {
    const bridge = installFakeBridge(SIGNED_IN);
    renderApp('/history');
    expect(await screen.findByRole('heading', { name: SCREEN_TITLES.history })).toBeTruthy();
    act(() => bridge.emit('session:expired', {}));
    expect(await screen.findByRole('button', { name: 'LogIn' })).toBeTruthy();
    expect(currentPath()).toBe('/');
  });

  it('logs out from the sidebar through session:logout', async () => {
    const bridge = installFakeBridge(SIGNED_IN);
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    const sidebar = screen.getByRole('navigation', { name: 'Main' });
    fireEvent.click(sidebar.querySelector('[data-menu-id$="logout"]') ?? sidebar);
    await screen.findByRole('button', { name: 'LogIn' });
    expect(bridge.callsTo('session:logout')).toHaveLength(1);
    expect(currentPath()).toBe('/');
  });
});

describe('signed-in routes', () => {
  it.each(SIGNED_IN_ROUTES.map((name) => [name]))('%s shows only its title', async (name) => {
    installFakeBridge(SIGNED_IN);
    const path = routePath(name, { id: '42', strategy_name: 'Alpha' });
    renderApp(path);
    const heading = await screen.findByRole('heading', { level: 2 });
    expect(heading.textContent).toBe(SCREEN_TITLES[name]);
    expect(screen.getByRole('region', { name: 'Price ticker' })).toBeTruthy();
    await waitFor(() => expect(screen.getByText('member@example.com')).toBeTruthy());
  });
});
