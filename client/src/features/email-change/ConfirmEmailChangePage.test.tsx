import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute, stubFetch } from '../../test/render.tsx';
import { Component as ConfirmEmailChangePage } from './ConfirmEmailChangePage.tsx';

const user = { id: 'u1', email: 'new@example.com', full_name: 'Ann', role: 'customer', plan: 'pro', is_verified: true };

describe('the email change confirmation page', () => {
  it('changes the address only when asked (not on load), then offers to sign in', async () => {
    const calls = stubFetch({ 'POST /users/email-change/confirm': { body: { message: 'changed', user } } });
    renderRoute(<ConfirmEmailChangePage />, { path: '/confirm-email-change', at: '/confirm-email-change?token=tok-1' });
    const confirm = await screen.findByRole('button', { name: 'Confirm my new email address' });
    expect(calls).toEqual([]);
    fireEvent.click(confirm);
    expect(await screen.findByText('Your account now signs in with new@example.com.')).toBeTruthy();
    expect(JSON.parse(calls[0]!.init!.body as string)).toEqual({ token: 'tok-1' });
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/?auth=signin');
  });

  it('shows why a used link failed', async () => {
    stubFetch({
      'POST /users/email-change/confirm': { status: 400, body: { detail: 'This email confirmation link is invalid or has expired.' } },
    });
    renderRoute(<ConfirmEmailChangePage />, { path: '/confirm-email-change', at: '/confirm-email-change?token=used' });
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm my new email address' }));
    expect(await screen.findByText('This email confirmation link is invalid or has expired.')).toBeTruthy();
    expect(screen.getByText('Your email address was not changed')).toBeTruthy();
  });
});
