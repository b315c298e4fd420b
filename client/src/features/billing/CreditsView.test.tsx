import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { creditBilling, renderBilling } from './billingTestKit.tsx';

describe('Billing in credit mode', () => {
  it('shows a loading state until the billing query answers', () => {
    renderBilling({ resolve: false });
    expect(screen.getByText('Loading billing')).toBeTruthy();
  });

  it('shows the remaining credits (total minus used), the used credits and the packs on sale', async () => {
    renderBilling();
    expect(await screen.findByRole('heading', { level: 1, name: 'Billing' })).toBeTruthy();
    expect(screen.getByText('749.5')).toBeTruthy();
    expect(screen.getByText('250.5')).toBeTruthy();
    expect(screen.getByText('1,000 credits in total')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Small pack' })).toBeTruthy();
    expect(screen.getByText('500 credits')).toBeTruthy();
    expect(screen.getByText('+50 bonus credits')).toBeTruthy();
    expect(screen.getByText('$40.00')).toBeTruthy();
    expect(screen.getByText('2,500 credits')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Current plan' })).toBeNull();
  });

  it('says so when no credit pack is on sale', async () => {
    renderBilling({ packs: [] });
    expect(await screen.findByText('No credit packs are on sale right now. Please check back later.')).toBeTruthy();
  });

  it('sends the browser to the checkout address the server returns for a pack', async () => {
    const { environment, navigation } = renderBilling();
    fireEvent.click(await screen.findByRole('button', { name: 'Buy Large pack' }));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe('checkoutCreditMutation');
    expect(operation.request.variables).toEqual({ planId: 'pack-large' });
    await act(async () => {
      environment.mock.resolve(operation, {
        data: { createCreditCheckoutSession: { __typename: 'CheckoutSession', checkoutUrl: 'https://checkout.stripe.test/c/pay/cs_1' } },
      });
    });
    expect(navigation.goTo).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_1');
  });

  it('stays on the page with "Missing Stripe checkout URL" when the answer has no address', async () => {
    const { environment, navigation } = renderBilling();
    fireEvent.click(await screen.findByRole('button', { name: 'Buy Small pack' }));
    await act(async () => {
      environment.mock.resolveMostRecentOperation({
        data: { createCreditCheckoutSession: { __typename: 'CheckoutSession', checkoutUrl: '' } },
      });
    });
    expect(await screen.findByText('Missing Stripe checkout URL')).toBeTruthy();
    expect(screen.getByText('Could not start the payment')).toBeTruthy();
    expect(navigation.goTo).not.toHaveBeenCalled();
  });

  it("shows the server's reason when the checkout is refused", async () => {
    const { environment, navigation } = renderBilling();
    fireEvent.click(await screen.findByRole('button', { name: 'Buy Small pack' }));
    await act(async () => {
      environment.mock.resolveMostRecentOperation({
        data: {
          createCreditCheckoutSession: {
            __typename: 'ServiceUnavailableError',
            __isError: 'ServiceUnavailableError',
            message: 'Payments are not configured yet',
          },
        },
      });
    });
    expect(await screen.findByText('Payments are not configured yet')).toBeTruthy();
    expect(navigation.goTo).not.toHaveBeenCalled();
  });

  it('switches to the own-key subscription mode at once and rolls back when the server refuses', async () => {
    const { environment } = renderBilling({ billing: creditBilling() });
    const subscriptionMode = await screen.findByRole('radio', { name: /Your own AI provider key/ });
    expect((screen.getByRole('radio', { name: /Our AI service/ }) as HTMLInputElement).checked).toBe(true);
    await userEvent.setup().click(subscriptionMode);
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe('BillingModeCardPlanTypeMutation');
    expect(operation.request.variables).toEqual({ planType: 'subscription' });
    // Optimistic: the subscription view shows before the server answers.
    expect(await screen.findByRole('heading', { name: 'Current plan' })).toBeTruthy();
    await act(async () => {
      environment.mock.reject(operation, new Error('Network error'));
    });
    expect(await screen.findByText('Could not change the billing mode')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Current plan' })).toBeNull());
    expect(screen.getByRole('heading', { name: 'Credits' })).toBeTruthy();
  });
});
