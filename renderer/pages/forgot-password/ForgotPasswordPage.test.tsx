import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LABELS, UI, VALIDATION } from '../../../common/messages';
import type { IpcResult } from '../../../common/ipc/contract';
import { fail, installFakeBridge, ok } from '../../testing/fakeBridge';
import { currentPath, renderApp } from '../../testing/renderApp';

type Reply = IpcResult<{ success: boolean }>;

async function requestLink(email: string) {
  fireEvent.change(await screen.findByLabelText(LABELS.email), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: LABELS.sendResetLink }));
}

describe('forgot password', () => {
  it.each<[string, Reply, string]>([
    ['success', ok({ success: true }), UI.resetLinkSent],
    ['unknown e-mail (404)', fail(404, 'User not found', 'account.not_found'), UI.forgotUserNotFound],
    ['a 404 that is not about the member (no such path)', fail(404, 'Not Found', 'request.not_found'), UI.forgotFailed],
    ['other failure', fail(500, 'boom'), UI.forgotFailed],
    ['no response', fail(0, 'offline'), UI.forgotFailed],
  ])('shows the SPEC message for %s', async (_case, reply, shown) => {
    const bridge = installFakeBridge();
    bridge.handle('account:forgotPassword', () => reply);
    renderApp('/forgetpassword');
    await requestLink('Member@Example.com');
    expect(await screen.findByText(shown)).toBeTruthy();
    expect(bridge.callsTo('account:forgotPassword')).toEqual([{ email: 'member@example.com' }]);
  });

  it('validates the e-mail before calling', async () => {
    const bridge = installFakeBridge();
    renderApp('/forgetpassword');
    fireEvent.click(await screen.findByRole('button', { name: LABELS.sendResetLink }));
    expect(await screen.findByText(VALIDATION.emailRequired)).toBeTruthy();
    await requestLink('nope');
    expect(await screen.findByText(VALIDATION.emailInvalid)).toBeTruthy();
    expect(bridge.callsTo('account:forgotPassword')).toHaveLength(0);
    expect(screen.getByRole('link', { name: LABELS.backToSignIn }).getAttribute('href')).toBe('#/');
  });
});

describe('reset password', () => {
  async function reset(password: string, confirm: string) {
    fireEvent.change(await screen.findByLabelText(LABELS.newPassword), { target: { value: password } });
    fireEvent.change(screen.getByLabelText(LABELS.confirmPassword), { target: { value: confirm } });
    fireEvent.click(screen.getByRole('button', { name: LABELS.resetPassword }));
  }

  it('sends the token and password, confirms, and returns to login', async () => {
    const bridge = installFakeBridge();
    bridge.handle('account:resetPassword', () => ok({ success: true }));
    renderApp('/resetpassword/tok-123');
    await reset('newpass1', 'newpass1');
    expect(await screen.findByText(UI.passwordReset)).toBeTruthy();
    expect(await screen.findByRole('button', { name: LABELS.logIn })).toBeTruthy();
    expect(currentPath()).toBe('/');
    expect(bridge.callsTo('account:resetPassword')).toEqual([{ token: 'tok-123', password: 'newpass1' }]);
  });

  it('shows the failure message and stays', async () => {
    const bridge = installFakeBridge();
    bridge.handle('account:resetPassword', () => fail(400, 'This reset link is invalid or has expired.'));
    renderApp('/resetpassword/used');
    await reset('newpass1', 'newpass1');
    expect(await screen.findByText(UI.resetFailed)).toBeTruthy();
    expect(currentPath()).toBe('/resetpassword/used');
  });

  it('shows each SPEC validation message', async () => {
    const bridge = installFakeBridge();
    renderApp('/resetpassword/tok');
    fireEvent.click(await screen.findByRole('button', { name: LABELS.resetPassword }));
    expect(await screen.findByText(VALIDATION.passwordRequired)).toBeTruthy();
    expect(await screen.findByText(VALIDATION.confirmPasswordRequired)).toBeTruthy();
    await reset('123', 'abcdef');
    expect(await screen.findByText(VALIDATION.passwordMin)).toBeTruthy();
    expect(await screen.findByText(VALIDATION.passwordsMustMatch)).toBeTruthy();
    expect(bridge.callsTo('account:resetPassword')).toHaveLength(0);
  });
});
