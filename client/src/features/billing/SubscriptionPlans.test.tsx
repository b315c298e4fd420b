import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tokenStore } from '../../session/tokenStore.ts';
import { stubFetch } from '../../test/render.tsx';
import { currentSubscription, fakeNavigation, PLANS, renderBilling, subscriptionBilling } from './billingTestKit.tsx';

const [starter, pro] = PLANS;

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('Billing in subscription mode', () => {
  it('shows the current plan with its limit, period, amount and expiry, and disables its Current button', async () => {
    renderBilling({ billing: subscriptionBilling(currentSubscription(pro!)) });
    const current = await screen.findByRole('region', { name: 'Current plan' });
    expect(within(current).getByText('Pro')).toBeTruthy();
    expect(within(current).getByText('15 bots')).toBeTruthy();
    expect(within(current).getByText('Monthly')).toBeTruthy();
    expect(within(current).getByText('$19.00')).toBeTruthy();
    expect(within(current).getByText('December 22, 2026')).toBeTruthy();
    expect(within(current).getByText('Pro feature')).toBeTruthy();

    expect(button('Pro is your current plan').disabled).toBe(true);
    expect(button('Upgrade to Enterprise').disabled).toBe(false);
    // Only dearer plans are offered as an upgrade.
    expect(screen.queryByRole('button', { name: 'Upgrade to Starter' })).toBeNull();
    expect(screen.getByText('Priced below your current plan')).toBeTruthy();
  });

  it('upgrades after confirmation: immediate with proration, receipt in a new tab, the new plan shown', async () => {
    const upgradedUser = { id: 'u1', email: 'ada@example.com', full_name: 'Ada', role: 'customer', plan: 'pro', is_verified: true };
    const calls = stubFetch({ 'GET /users/me': { body: upgradedUser } });
    tokenStore.saveTokens({ accessToken: 'access', refreshToken: 'refresh', userId: 'u1' });
    const userFetches = () => calls.filter((call) => call.key === 'GET /users/me').length;
    const { environment, navigation } = renderBilling({ billing: subscriptionBilling(currentSubscription(starter!)) });
    await waitFor(() => expect(userFetches()).toBe(1));
    fireEvent.click(await screen.findByRole('button', { name: 'Upgrade to Pro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Pro?' });
    expect(within(dialog).getByText('Your subscription moves from Starter to Pro ($19.00 / month).')).toBeTruthy();
    expect(within(dialog).getByText(/applies immediately, and proration may apply/)).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Upgrade now' }));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe('UpgradeDialogMutation');
    expect(operation.request.variables).toEqual({ planId: 'plan-pro' });
    await act(async () => {
      environment.mock.resolve(operation, {
        data: {
          upgradeSubscription: {
            __typename: 'UpgradeSubscriptionPayload',
            message: 'Your subscription is now Pro. The change applies at once; proration may apply.',
            receiptUrl: 'https://pay.stripe.test/receipts/r_1',
            billing: { ...subscriptionBilling(currentSubscription(pro!)), credits: { totalCredits: 0, usedCredits: 0, balance: 0 } },
          },
        },
      });
    });
    expect(navigation.openInNewTab).toHaveBeenCalledWith('https://pay.stripe.test/receipts/r_1');
    expect(await screen.findByText('Upgrade initiated')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(button('Pro is your current plan').disabled).toBe(true);
    expect(within(screen.getByRole('region', { name: 'Current plan' })).getByText('15 bots')).toBeTruthy();
    // The shell's plan badge reads the session's user, fetched again after the upgrade.
    await waitFor(() => expect(userFetches()).toBe(2));
  });

  it('tells the customer to allow pop-ups when the receipt tab is blocked', async () => {
    const { environment } = renderBilling({
      billing: subscriptionBilling(currentSubscription(starter!)),
      navigation: fakeNavigation(false),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Upgrade to Pro' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Upgrade now' }));
    await act(async () => {
      environment.mock.resolveMostRecentOperation({
        data: {
          upgradeSubscription: {
            __typename: 'UpgradeSubscriptionPayload',
            message: 'Your subscription is now Pro.',
            receiptUrl: 'https://pay.stripe.test/receipts/r_2',
            billing: subscriptionBilling(currentSubscription(pro!)),
          },
        },
      });
    });
    expect(await screen.findByText(/Popup blocked\. Please allow popups for this site/)).toBeTruthy();
  });

  it('closes the dialog and says "Upgrade failed" with the reason when the server refuses', async () => {
    const { environment, navigation } = renderBilling({ billing: subscriptionBilling(currentSubscription(starter!)) });
    fireEvent.click(await screen.findByRole('button', { name: 'Upgrade to Enterprise' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Upgrade now' }));
    await act(async () => {
      environment.mock.resolveMostRecentOperation({
        data: {
          upgradeSubscription: {
            __typename: 'ConflictError',
            __isError: 'ConflictError',
            message: 'Your current subscription is not billed through Stripe, so it cannot be upgraded online.',
          },
        },
      });
    });
    expect(await screen.findByText('Upgrade failed')).toBeTruthy();
    expect(screen.getByText(/not billed through Stripe/)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(navigation.openInNewTab).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Starter is your current plan' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('sends a customer without a plan to checkout for the plan they choose', async () => {
    const { environment, navigation } = renderBilling({ billing: subscriptionBilling(null, { apiKey: null, hasApiKey: false }) });
    expect(await screen.findByText('You have no active subscription yet. Choose a plan below to start.')).toBeTruthy();
    expect(screen.getByText(/Subscription mode needs your own AI provider key/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Choose Enterprise' }));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe('checkoutSubscriptionMutation');
    expect(operation.request.variables).toEqual({ planId: 'plan-enterprise' });
    await act(async () => {
      environment.mock.resolve(operation, {
        data: {
          createSubscriptionCheckoutSession: { __typename: 'CheckoutSession', checkoutUrl: 'https://checkout.stripe.test/c/pay/cs_sub' },
        },
      });
    });
    expect(navigation.goTo).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_sub');
  });

  it('says so when no subscription plan is available', async () => {
    renderBilling({ billing: subscriptionBilling(null), plans: [] });
    expect(await screen.findByText('No subscription plans are available right now. Please check back later.')).toBeTruthy();
  });
});
