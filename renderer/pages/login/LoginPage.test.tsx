import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TEXT, UI, VALIDATION } from '../../../common/messages';
import type { SessionInfo } from '../../../common/ipc/contract';
import { deferred, fail, installFakeBridge, ok, SIGNED_IN } from '../../testing/fakeBridge';
import type { IpcResult } from '../../../common/ipc/contract';
import { currentPath, renderApp } from '../../testing/renderApp';

async function fillAndSubmit(email: string, password: string) {
  fireEvent.change(await screen.findByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'LogIn' }));
}

describe('login page', () => {
  it("reads 'Loging in...' while the login call is in flight, then shows the failure toast", async () => {
    const bridge = installFakeBridge();
    const reply = deferred<IpcResult<SessionInfo>>();
    bridge.handle('session:login', () => reply.promise);
    renderApp('/');
    await fillAndSubmit('member@example.com', 'secret1');
    const busy = await screen.findByRole('button', { name: TEXT.loggingIn });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    reply.resolve(fail(401, 'Invalid email or password'));
    expect(await screen.findByText(UI.loginFailed)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'LogIn' })).toBeTruthy();
    expect(currentPath()).toBe('/');
  });

  it('shows the login failure message when main cannot reach the server', async () => {
    const bridge = installFakeBridge();
    bridge.handle('session:login', () => fail(0, 'connect ECONNREFUSED'));
    renderApp('/');
    await fillAndSubmit('member@example.com', 'secret1');
    expect(await screen.findByText(UI.loginFailed)).toBeTruthy();
  });

  it('shows the SPEC validation messages and does not call login', async () => {
    const bridge = installFakeBridge();
    bridge.handle('session:login', () => ok(SIGNED_IN));
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'LogIn' }));
    expect(await screen.findByText(VALIDATION.emailRequired)).toBeTruthy();
    expect(await screen.findByText(VALIDATION.passwordRequired)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: '123' } });
    expect(await screen.findByText(VALIDATION.emailInvalid)).toBeTruthy();
    expect(await screen.findByText(VALIDATION.passwordMin)).toBeTruthy();
    expect(screen.getAllByRole('alert').length).toBeGreaterThanOrEqual(2);
    expect(bridge.callsTo('session:login')).toHaveLength(0);
  });

  it('links to signup and forgot password', async () => {
    installFakeBridge();
    renderApp('/');
    expect((await screen.findByRole('link', { name: TEXT.forgotPasswordLink })).getAttribute('href')).toBe('#/forgetpassword');
    expect(screen.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('#/signup');
  });
});
