import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../session/tokenStore.ts';
import { stubFetch } from '../../test/render.tsx';
import { renderLanding, SEEDED_PLANS } from '../landing/landingTestKit.tsx';

const customer = { id: 'u1', email: 'ann@example.com', full_name: 'Ann', role: 'customer', plan: 'pro', is_verified: true };
const publicConfig = {
  demo_accounts: { admin: { email: 'admin@demo.test', password: 'a-pass' }, customer: { email: 'customer@demo.test', password: 'c-pass' } },
  google_sign_in: true,
};

const dashboardRoute = [{ path: '/dashboard', element: <p>dashboard page</p> }];

describe('the auth view', () => {
  it('fills the demo customer account, signs in, stores the session and opens the dashboard', async () => {
    const calls = stubFetch({
      'GET /public/config': { body: publicConfig },
      'POST /users/login': { body: { access_token: 'at', refresh_token: 'rt', user: customer } },
    });
    renderLanding({ at: '/?auth=signin', routes: dashboardRoute });
    fireEvent.click(await screen.findByRole('button', { name: 'Demo customer account' }));
    expect((screen.getByRole('textbox', { name: /^Email/ }) as HTMLInputElement).value).toBe('customer@demo.test');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('dashboard page')).toBeTruthy();
    expect(JSON.parse(calls.find((call) => call.key === 'POST /users/login')!.init!.body as string)).toEqual({
      email: 'customer@demo.test',
      password: 'c-pass',
    });
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('at');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('rt');
    expect(localStorage.getItem(STORAGE_KEYS.userId)).toBe('u1');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.currentUser)!).email).toBe('ann@example.com');
  });

  it('links Continue with Google to the server and hides demo accounts the server lacks', async () => {
    stubFetch({ 'GET /public/config': { body: { demo_accounts: null, google_sign_in: true } } });
    renderLanding({ at: '/?auth=signin' });
    expect((await screen.findByRole('link', { name: 'Continue with Google' })).getAttribute('href')).toBe('/api/v1/users/google');
    expect(screen.queryByRole('button', { name: 'Demo customer account' })).toBeNull();
  });

  it('shows why a Google sign-in failed', async () => {
    renderLanding({ at: '/?auth_error=Google%20sign-in%20was%20cancelled.' });
    expect(await screen.findByText('Google sign-in was cancelled.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Sign in to your account' })).toBeTruthy();
  });

  it('shows Login Failed with the server message', async () => {
    stubFetch({ 'POST /users/login': { status: 401, body: { detail: 'Invalid email or password' } } });
    renderLanding({ at: '/?auth=signin' });
    await screen.findByRole('heading', { name: 'Sign in to your account' });
    fireEvent.change(screen.getByRole('textbox', { name: /^Email/ }), { target: { value: 'a@b.co' } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Login Failed')).toBeTruthy();
    expect(screen.getByText('Invalid email or password')).toBeTruthy();
  });

  it('after a sign-up shows the verify-your-email panel, resends, and goes back to sign in', async () => {
    const calls = stubFetch({
      'POST /users/register': { status: 201, body: { message: 'Registered' } },
      'POST /users/verify-email/request': { body: { message: 'sent' } },
    });
    renderLanding({ at: '/?auth=signup' });
    await screen.findByRole('heading', { name: 'Create your account' });
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Bob' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Email/ }), { target: { value: 'bob@example.com' } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('Email Resent')).toBeTruthy();
    expect(calls.some((call) => call.key === 'POST /users/verify-email/request')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Back to login' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to your account' })).toBeTruthy();
  });

  it("hints at the password rule and shows the server's reason when sign-up refuses the password", async () => {
    stubFetch({ 'POST /users/register': { status: 400, body: { detail: 'Password must be at least 8 characters' } } });
    renderLanding({ at: '/?auth=signup' });
    await screen.findByRole('heading', { name: 'Create your account' });
    expect(screen.getByText('At least 8 characters.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Bob' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Email/ }), { target: { value: 'bob@example.com' } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Signup Failed')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
    expect(screen.queryByText('Registration failed')).toBeNull();
  });

  it('says Email already registered when the address is taken', async () => {
    stubFetch({ 'POST /users/register': { status: 409, body: { detail: 'An account with this email already exists' } } });
    renderLanding({ at: '/?auth=signup' });
    await screen.findByRole('heading', { name: 'Create your account' });
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Bob' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Email/ }), { target: { value: 'bob@example.com' } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Signup Failed')).toBeTruthy();
    expect(screen.getByText('Email already registered')).toBeTruthy();
  });
});

describe('the landing gate', () => {
  it('finishes a Google sign-in by redeeming its code once, then replaces history with the dashboard', async () => {
    const calls = stubFetch({ 'POST /users/google/session': { body: { access_token: 'at', refresh_token: 'rt', user: customer } } });
    const { router } = renderLanding({ at: '/?auth=google', routes: dashboardRoute });
    expect(await screen.findByText('dashboard page')).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('at');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(calls.filter((call) => call.key === 'POST /users/google/session')).toHaveLength(1);
  });

  it('shows the sign-in form with the reason when a Google sign-in cannot be redeemed', async () => {
    stubFetch({ 'POST /users/google/session': { status: 401, body: { detail: 'This sign-in has expired. Please sign in again.' } } });
    const { router } = renderLanding({ at: '/?auth=google' });
    expect(await screen.findByText('This sign-in has expired. Please sign in again.')).toBeTruthy();
    expect(router.state.location.search).toBe('?auth_error=This+sign-in+has+expired.+Please+sign+in+again.');
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  });

  it('sends a signed-in customer who picks a plan on the landing to billing', async () => {
    stubFetch({ 'GET /users/me': { body: customer } });
    localStorage.setItem(STORAGE_KEYS.accessToken, 'at');
    localStorage.setItem(STORAGE_KEYS.currentUser, JSON.stringify(customer));
    renderLanding({ at: '/?auth=signup&plan=pro', routes: [{ path: '/billing', element: <p>billing page</p> }, ...dashboardRoute] });
    expect(await screen.findByText('billing page')).toBeTruthy();
  });

  it('sends a customer who picked a plan and signs in with an existing account to billing', async () => {
    stubFetch({
      'GET /public/config': { body: publicConfig },
      'POST /users/login': { body: { access_token: 'at', refresh_token: 'rt', user: customer } },
    });
    renderLanding({ at: '/?auth=signin&plan=pro', routes: [{ path: '/billing', element: <p>billing page</p> }, ...dashboardRoute] });
    fireEvent.change(await screen.findByRole('textbox', { name: /^Email/ }), { target: { value: 'ann@example.com' } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'a-long-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('billing page')).toBeTruthy();
  });

  it('sends a signed-in user to the dashboard', async () => {
    stubFetch({ 'GET /users/me': { body: customer } });
    localStorage.setItem(STORAGE_KEYS.accessToken, 'at');
    localStorage.setItem(STORAGE_KEYS.currentUser, JSON.stringify(customer));
    renderLanding({ routes: dashboardRoute });
    expect(await screen.findByText('dashboard page')).toBeTruthy();
  });

  it('clears a stored session the server rejects', async () => {
    stubFetch({ 'GET /users/me': { status: 401, body: { detail: 'Authentication required' } } });
    localStorage.setItem(STORAGE_KEYS.accessToken, 'stale');
    localStorage.setItem(STORAGE_KEYS.currentUser, JSON.stringify(customer));
    renderLanding({ routes: dashboardRoute });
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull());
    expect(await screen.findByRole('heading', { level: 1, name: /Build an AI chatbot/ })).toBeTruthy();
  });

  it('shows the landing sections with the plans the admin manages and the current year', async () => {
    renderLanding({ plans: SEEDED_PLANS.map((plan) => (plan.name === 'Starter' ? { ...plan, price: 12 } : plan)) });
    expect(await screen.findByText('Most popular')).toBeTruthy();
    for (const price of ['$12', '$19', '$49']) expect(screen.getByText(price)).toBeTruthy();
    expect(screen.queryByText('$9')).toBeNull();
    expect(screen.getByText('Up to 15 chatbots')).toBeTruthy();
    expect(screen.getByText(new RegExp(`© ${new Date().getFullYear()}`))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe('/privacy-policy');
  });
});
