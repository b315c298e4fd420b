import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute, stubFetch } from '../../test/render.tsx';
import { DEMO_STORAGE_KEYS } from './demoApi.ts';
import { Component as DemoPage } from './DemoPage.tsx';

const template = {
  id: 't1',
  title: 'Support desk',
  description: 'Answers customers',
  use_case: 'customer-support',
  tag: 'support',
  features: ['24/7', 'Citations'],
};

function inOneHour(secondsLeft = 3600) {
  return new Date(Date.now() + secondsLeft * 1000).toISOString();
}

describe('DemoPage', () => {
  afterEach(() => vi.useRealTimers());

  it('starts a session, shows the countdown, and creates a demo bot from the chosen template', async () => {
    const expiresAt = inOneHour();
    const calls = stubFetch({
      'POST /demobot/demo-session': { status: 201, body: { session_token: 'demo-token', expires_at: expiresAt } },
      'GET /demobot/check-session?demo_user_session_token=demo-token': { body: { is_valid: true, is_expired: false } },
      'GET /template/': { body: [template] },
      'POST /demobot/create-demo-bot': { status: 201, body: { id: 'bot-1' } },
    });
    renderRoute(<DemoPage />, { path: '/demo' });
    expect(await screen.findByRole('heading', { name: 'Support desk' })).toBeTruthy();
    expect(localStorage.getItem(DEMO_STORAGE_KEYS.sessionToken)).toBe('demo-token');
    expect(localStorage.getItem(DEMO_STORAGE_KEYS.expiresAt)).toBe(expiresAt);
    expect(screen.getByRole('timer').textContent).toMatch(/^(01:00:00|00:59:5\d)$/);
    expect(getComputedStyle(screen.getByRole('timer')).color).not.toContain('red');
    expect(screen.getByText('support')).toBeTruthy();
    expect(screen.getByText('Citations')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use this bot' }));
    expect(await screen.findByLabelText('Choose documents')).toBeTruthy();
    const create = calls.find((call) => call.key === 'POST /demobot/create-demo-bot')!;
    expect(JSON.parse(create.init!.body as string)).toEqual({ template_prompt_id: 't1', demo_user_session_token: 'demo-token' });
  });

  it.each([
    [{ id: 'bot-1', knowledge_count: 2 }, () => screen.findByRole('button', { name: 'Start chatting' })],
    [{ id: 'bot-1', knowledge_count: 0 }, () => screen.findByLabelText('Choose documents')],
  ])('resumes a reloaded demo at its step (%j)', async (demoBot, findStep) => {
    localStorage.setItem(DEMO_STORAGE_KEYS.sessionToken, 'demo-token');
    localStorage.setItem(DEMO_STORAGE_KEYS.expiresAt, inOneHour(1800));
    stubFetch({
      'GET /demobot/check-session?demo_user_session_token=demo-token': { body: { is_valid: true, is_expired: false, demo_bot: demoBot } },
      'GET /template/': { body: [] },
    });
    renderRoute(<DemoPage />, { path: '/demo' });
    expect(await findStep()).toBeTruthy();
  });

  it('turns the countdown red under 5 minutes and blocks the page when it reaches 0', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    localStorage.setItem(DEMO_STORAGE_KEYS.sessionToken, 'demo-token');
    localStorage.setItem(DEMO_STORAGE_KEYS.expiresAt, inOneHour(2));
    stubFetch({
      'GET /demobot/check-session?demo_user_session_token=demo-token': { body: { is_valid: true, is_expired: false } },
      'GET /template/': { body: [] },
    });
    renderRoute(<DemoPage />, { path: '/demo' });
    const timer = await screen.findByRole('timer');
    expect(timer.textContent).toMatch(/^00:00:0[12]$/);
    expect(getComputedStyle(timer).color).toContain('red');
    for (let second = 0; second < 3; second += 1) await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(await screen.findByRole('alertdialog', { name: 'Demo Expired' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get started' }).getAttribute('href')).toBe('/?auth=signup');
    expect(screen.queryByRole('button', { name: /close/i })).toBeNull();
    expect(localStorage.getItem(DEMO_STORAGE_KEYS.sessionToken)).toBeNull();
  });

  it('shows a dismissable expired modal when the stored session has expired', async () => {
    localStorage.setItem(DEMO_STORAGE_KEYS.sessionToken, 'old-token');
    stubFetch({ 'GET /demobot/check-session?demo_user_session_token=old-token': { body: { is_valid: false, is_expired: true } } });
    renderRoute(<DemoPage />, { path: '/demo' });
    expect(await screen.findByRole('alertdialog', { name: 'Demo Expired' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /close/i }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('says so when the session cannot start', async () => {
    stubFetch({ 'POST /demobot/demo-session': { status: 500, body: { detail: 'boom' } } });
    renderRoute(<DemoPage />, { path: '/demo' });
    expect(await screen.findByText('Failed to start demo session.')).toBeTruthy();
  });
});
