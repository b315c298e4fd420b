import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/render.tsx';
import { renderLanding } from '../landing/landingTestKit.tsx';

const googleOn = { 'GET /public/config': { body: { demo_accounts: null, google_sign_in: true } } };

function fillSignUp() {
  fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Bob' } });
  fireEvent.change(screen.getByRole('textbox', { name: /^Email/ }), { target: { value: 'bob@example.com' } });
  fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'secret-pass' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
}

describe('the plan picked on the landing travels through sign-up', () => {
  it("opens sign-up from a plan's Get started with that plan, and the sign-up sends it", async () => {
    const calls = stubFetch({ ...googleOn, 'POST /users/register': { status: 201, body: { message: 'Registered' } } });
    const { router } = renderLanding();
    const pricing = within(await screen.findByRole('region', { name: 'Simple pricing' }));
    const getStarted = pricing.getByRole('link', { name: 'Get started with the free trial of Pro' });
    expect(getStarted.getAttribute('href')).toBe('/?auth=signup&plan=p-pro');
    expect(getStarted.textContent).toBe('Get started');
    fireEvent.click(getStarted);

    expect(await screen.findByText(/Your 14-day free trial of Pro starts as soon as you verify your email/)).toBeTruthy();
    expect(router.state.location.search).toBe('?auth=signup&plan=p-pro');
    expect((await screen.findByRole('link', { name: 'Continue with Google' })).getAttribute('href')).toBe(
      '/api/v1/users/google?plan=p-pro',
    );
    fillSignUp();
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeTruthy();
    expect(JSON.parse(calls.find((call) => call.key === 'POST /users/register')!.init!.body as string)).toEqual({
      email: 'bob@example.com',
      password: 'secret-pass',
      full_name: 'Bob',
      plan: 'p-pro',
    });
  });

  it('keeps the plan when switching to sign in and back', async () => {
    stubFetch(googleOn);
    const { router } = renderLanding({ at: '/?auth=signup&plan=enterprise' });
    fireEvent.click(await screen.findByRole('button', { name: 'Already have an account? Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to your account' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'No account yet? Sign up' }));
    expect(await screen.findByText(/free trial of Enterprise/)).toBeTruthy();
    expect(router.state.location.search).toBe('?auth=signup&plan=enterprise');
  });

  it('sends no plan for the plain sign-up (the server then starts Starter)', async () => {
    const calls = stubFetch({ 'POST /users/register': { status: 201, body: { message: 'Registered' } } });
    renderLanding({ at: '/?auth=signup' });
    expect(await screen.findByText(/Your 14-day free trial starts as soon as you verify your email/)).toBeTruthy();
    fillSignUp();
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeTruthy();
    expect(JSON.parse(calls.find((call) => call.key === 'POST /users/register')!.init!.body as string)).not.toHaveProperty('plan');
  });

  it('names no plan for one that is not on sale (the server then starts Starter)', async () => {
    stubFetch({});
    renderLanding({ at: '/?auth=signup&plan=platinum' });
    expect(await screen.findByText(/Your 14-day free trial starts as soon as you verify your email/)).toBeTruthy();
    expect(screen.queryByText(/platinum/i)).toBeNull();
  });
});
