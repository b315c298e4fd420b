import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoute, stubFetch } from '../../test/render.tsx';
import { seriousViolations } from '../../test/axe.ts';
import { toaster } from '../../ui/toaster.tsx';
import { Component as LandingRoute } from '../landing/LandingRoute.tsx';
import { Component as ForgotPasswordPage } from './ForgotPasswordPage.tsx';
import { Component as ResetPasswordPage } from './ResetPasswordPage.tsx';

const SENT = { message: 'If an account exists for this email, we sent it a link to choose a new password.' };

const bodyOf = (calls: { key: string; init?: RequestInit }[], key: string) =>
  JSON.parse(calls.find((call) => call.key === key)!.init!.body as string) as unknown;

afterEach(() => {
  toaster.remove();
});

describe('forgot password', () => {
  it('is linked from the sign-in form, carrying the address typed there', async () => {
    stubFetch({ 'GET /public/config': { body: { demo_accounts: null, google_sign_in: false } } });
    renderRoute(<LandingRoute />, {
      at: '/?auth=signin',
      routes: [{ path: '/forgot-password', element: <ForgotPasswordPage /> }],
    });
    fireEvent.change(await screen.findByLabelText(/Email/), { target: { value: 'ann@example.com' } });
    fireEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeTruthy();
    expect((screen.getByLabelText(/Email/) as HTMLInputElement).value).toBe('ann@example.com');
  });

  it('asks the server to mail a link and says to check the mailbox, without saying whether the account exists', async () => {
    const calls = stubFetch({ 'POST /users/password-reset/request': { body: SENT } });
    renderRoute(<ForgotPasswordPage />, { path: '/forgot-password' });
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'bob@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Email me a reset link' }));
    expect(await screen.findByText('Check your email')).toBeTruthy();
    expect(
      screen.getByText(
        'If an account exists for bob@example.com, we sent it a link to choose a new password. The link works for one hour, once.',
      ),
    ).toBeTruthy();
    expect(bodyOf(calls, 'POST /users/password-reset/request')).toEqual({ email: 'bob@example.com' });
    expect(await seriousViolations(document.body)).toEqual([]);
  });

  it('shows the server’s reason when it refuses (too many requests)', async () => {
    stubFetch({
      'POST /users/password-reset/request': { status: 429, body: { detail: 'Too many attempts. Please try again in 60 seconds.' } },
    });
    renderRoute(<ForgotPasswordPage />, { path: '/forgot-password' });
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'bob@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Email me a reset link' }));
    expect(await screen.findByText('Could not send the link')).toBeTruthy();
    expect(screen.getByText('Too many attempts. Please try again in 60 seconds.')).toBeTruthy();
    expect(screen.queryByText('Check your email')).toBeNull();
  });
});

describe('reset password', () => {
  const renderReset = (at = '/reset-password?token=abc123') =>
    renderRoute(<ResetPasswordPage />, {
      path: '/reset-password',
      at,
      routes: [{ path: '/forgot-password', element: <p>forgot page</p> }],
    });

  const fill = (password: string, confirmation = password) => {
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: password } });
    fireEvent.change(screen.getByLabelText(/^Confirm the new password/), { target: { value: confirmation } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
  };

  it('refuses a password under 8 characters, or two that differ, before asking the server, until edited', async () => {
    const calls = stubFetch({});
    renderReset();
    fill('short');
    expect(await screen.findByText('Your password must be at least 8 characters long.')).toBeTruthy();
    // Editing the field takes its issue away: it no longer describes what is typed.
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: 'long enough one' } });
    expect(screen.queryByText('Your password must be at least 8 characters long.')).toBeNull();
    fill('long enough one', 'long enough two');
    expect(await screen.findByText('The two passwords are not the same.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('sets the new password with the link’s token and offers to sign in', async () => {
    const calls = stubFetch({ 'POST /users/password-reset/confirm': { body: { message: 'changed' } } });
    renderReset();
    fill('a brand new password');
    expect(await screen.findByText('Your password was changed')).toBeTruthy();
    expect(bodyOf(calls, 'POST /users/password-reset/confirm')).toEqual({ token: 'abc123', password: 'a brand new password' });
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/?auth=signin');
  });

  it('says why a used or expired link failed and links to a new one', async () => {
    stubFetch({
      'POST /users/password-reset/confirm': { status: 400, body: { detail: 'This password reset link is invalid or has expired.' } },
    });
    renderReset();
    fill('a brand new password');
    expect(await screen.findByText('This password reset link is invalid or has expired.')).toBeTruthy();
    expect(screen.getByText('Your password was not changed')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    expect(await screen.findByText('forgot page')).toBeTruthy();
  });

  it('without a token, says the page needs the mail’s link', async () => {
    renderReset('/reset-password');
    await waitFor(() => expect(screen.getByText('This page needs the link from the password reset email.')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Save the new password' })).toBeNull();
  });
});
