import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n/index.ts';
import { STORAGE_KEYS, type UserTrial } from '../../session/tokenStore.ts';
import { renderRoute, stubFetch } from '../../test/render.tsx';
import { Component as CustomerShell } from './CustomerShell.tsx';

const trial = (overrides: Partial<UserTrial> = {}): UserTrial => ({
  plan_name: 'Pro',
  ends_at: '2026-12-07T10:00:00Z',
  days_left: 12,
  ended: false,
  credits_left: 37,
  ...overrides,
});

function signIn(plan: string, userTrial: UserTrial | null) {
  const user = { id: 'u1', email: 'ann@example.com', full_name: 'Ann', role: 'customer', plan, is_verified: true, trial: userTrial };
  localStorage.setItem(STORAGE_KEYS.accessToken, 'at');
  localStorage.setItem(STORAGE_KEYS.currentUser, JSON.stringify(user));
  stubFetch({ 'GET /users/me': { body: user } });
}

const planCard = async () => within(await screen.findByRole('region', { name: 'Your plan' }));

describe('the free trial in the shell', () => {
  afterEach(() => changeLanguage('en'));

  it('shows the trial plan with its days and credits left, and a way to subscribe rather than upgrade, even on Pro', async () => {
    signIn('pro', trial());
    const { router } = renderRoute(<CustomerShell />, { path: '/dashboard', routes: [{ path: '/billing', element: <p>billing page</p> }] });
    const card = await planCard();
    expect(card.getByText('Pro')).toBeTruthy();
    expect(card.getByText('Free trial · 12 days left')).toBeTruthy();
    expect(card.getByText('37 trial credits left')).toBeTruthy();
    expect(screen.getByLabelText('Plan: Pro, free trial, 12 days left')).toBeTruthy();
    expect(screen.getByText('Pro · trial')).toBeTruthy();
    expect(card.queryByRole('link', { name: 'Upgrade' })).toBeNull();
    fireEvent.click(card.getByRole('link', { name: 'Subscribe' }));
    expect(await screen.findByText('billing page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/billing');
  });

  it('says "1 day left" on its last day', async () => {
    signIn('starter', trial({ plan_name: 'Starter', days_left: 1 }));
    renderRoute(<CustomerShell />, { path: '/dashboard' });
    expect((await planCard()).getByText('Free trial · 1 day left')).toBeTruthy();
  });

  it('says "Trial ended" in the card and the header once it is over, still offering the upgrade', async () => {
    signIn('free', trial({ ended: true, days_left: 0, credits_left: 0 }));
    renderRoute(<CustomerShell />, { path: '/dashboard' });
    const card = await planCard();
    expect(card.getByText('Trial ended')).toBeTruthy();
    expect(card.queryByText(/trial credits left/)).toBeNull();
    expect(card.getByRole('link', { name: 'Upgrade' })).toBeTruthy();
    expect(screen.getByLabelText('Trial ended')).toBeTruthy();
  });

  it('shows the paid plan as before once there is no trial to show', async () => {
    signIn('pro', null);
    renderRoute(<CustomerShell />, { path: '/dashboard' });
    const card = await planCard();
    expect(card.getByText('pro')).toBeTruthy();
    expect(card.queryByText(/Free trial/)).toBeNull();
    expect(card.queryByRole('link', { name: 'Upgrade' })).toBeNull();
    expect(screen.getByLabelText('Plan: pro')).toBeTruthy();
  });

  it('speaks French', async () => {
    await changeLanguage('fr');
    signIn('pro', trial({ days_left: 3 }));
    renderRoute(<CustomerShell />, { path: '/dashboard' });
    const card = within(await screen.findByRole('region', { name: 'Votre offre' }));
    expect(card.getByText('Essai gratuit · 3 jours restants')).toBeTruthy();
    expect(card.getByText('37 crédits d\u0027essai restants')).toBeTruthy();
  });
});
