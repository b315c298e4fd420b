import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute, stubFetch } from '../../test/render.tsx';
import { Component as VerifyEmailPage } from './VerifyEmailPage.tsx';

describe('VerifyEmailPage', () => {
  afterEach(() => vi.useRealTimers());

  it('says the link is invalid when the address has no token', async () => {
    renderRoute(<VerifyEmailPage />, { path: '/verify-email' });
    expect(await screen.findByText('Oops! This verification link seems invalid.')).toBeTruthy();
  });

  it('confirms the token, then counts down 5 seconds to the home page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stubFetch({ 'POST /users/verify-email/confirm/abc': { body: { message: 'ok' } } });
    const { router } = renderRoute(<VerifyEmailPage />, {
      path: '/verify-email',
      at: '/verify-email?token=abc',
      routes: [{ path: '/', element: <p>home</p> }],
    });
    expect(await screen.findByText('Redirecting to login in 5 seconds…')).toBeTruthy();
    expect(calls.map((call) => call.key)).toContain('POST /users/verify-email/confirm/abc');
    expect(screen.getByText('Email Verified')).toBeTruthy();
    for (let second = 0; second < 5; second += 1) await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(router.state.location.pathname).toBe('/');
  });

  it('offers Try Again when the server rejects the token', async () => {
    stubFetch({ 'POST /users/verify-email/confirm/old': { status: 400, body: { detail: 'expired' } } });
    renderRoute(<VerifyEmailPage />, { path: '/verify-email', at: '/verify-email?token=old' });
    expect(await screen.findByText('Verification failed. The link may have expired.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});
