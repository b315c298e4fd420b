import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { creditBilling, freeTrial, renderBilling, subscriptionBilling } from './billingTestKit.tsx';

const trialSection = async () => screen.findByRole('region', { name: 'Free trial' });

describe('the free trial on /billing', () => {
  it('shows the trial plan, the days and trial credits left and the end date, in credit mode', async () => {
    renderBilling({ billing: creditBilling({ trial: freeTrial() }) });
    const section = within(await trialSection());
    expect(section.getByText('Pro')).toBeTruthy();
    expect(section.getByText('Free trial · 9 days left')).toBeTruthy();
    expect(section.getByText('42.5 of 50')).toBeTruthy();
    expect(section.getByText('15 bots')).toBeTruthy();
    expect(section.getByText('December 7, 2026')).toBeTruthy();
    expect(section.queryByText('Trial ended')).toBeNull();
    // The ways to pay stay on the page.
    expect(screen.getByRole('button', { name: 'Buy Small pack' })).toBeTruthy();
  });

  it('says "1 day left" on the last day, in subscription mode beside the plans to choose', async () => {
    renderBilling({ billing: subscriptionBilling(null, { trial: freeTrial({ daysLeft: 1, planName: 'Starter', botLimit: 3 }) }) });
    const section = within(await trialSection());
    expect(section.getByText('Free trial · 1 day left')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose Pro' })).toBeTruthy();
  });

  it('says the trial ended, and that the bots are kept, once it is over', async () => {
    renderBilling({ billing: creditBilling({ trial: freeTrial({ ended: true, daysLeft: 0, creditsLeft: 0 }) }) });
    const section = within(await trialSection());
    expect(section.getByText('Trial ended')).toBeTruthy();
    expect(section.getByText(/Your bots and their data are kept/)).toBeTruthy();
    expect(section.queryByText(/days? left/)).toBeNull();
  });

  it('shows no trial card without a trial', async () => {
    renderBilling();
    expect(await screen.findByRole('heading', { level: 1, name: 'Billing' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Free trial' })).toBeNull();
  });
});
