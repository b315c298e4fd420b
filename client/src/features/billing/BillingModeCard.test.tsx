import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { creditBilling, currentSubscription, PLANS, renderBilling, subscriptionBilling, VIEWER_ID } from './billingTestKit.tsx';

const OWN_KEY = 'sk-live-abcdefghijklmnopqrstuvwx1234';

const keyInput = () => screen.getByLabelText('AI provider API key') as HTMLInputElement;

const billingPayload = (billing: Record<string, unknown>) => ({
  __typename: 'BillingPayload',
  viewer: { id: VIEWER_ID, billing },
});

describe('the own AI-provider key', () => {
  it('shows only the masked saved key, in an empty password field', async () => {
    renderBilling({ billing: subscriptionBilling(currentSubscription(PLANS[0]!)) });
    expect(await screen.findByText('Saved key: sk-…abcd')).toBeTruthy();
    expect(keyInput().type).toBe('password');
    expect(keyInput().value).toBe('');
    expect(screen.queryByText(/Subscription mode needs your own AI provider key/)).toBeNull();
  });

  it('saves a typed key and then shows it masked, never in full', async () => {
    const { environment } = renderBilling({ billing: creditBilling() });
    expect(await screen.findByText('No key saved yet.')).toBeTruthy();
    fireEvent.change(keyInput(), { target: { value: `  ${OWN_KEY} ` } });
    fireEvent.click(screen.getByRole('button', { name: 'Save key' }));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe('BillingModeCardApiKeyMutation');
    expect(operation.request.variables).toEqual({ apiKey: OWN_KEY });
    await act(async () => {
      environment.mock.resolve(operation, {
        data: { setBillingApiKey: billingPayload(creditBilling({ apiKey: 'sk-…1234', hasApiKey: true })) },
      });
    });
    expect(await screen.findByText('API key saved')).toBeTruthy();
    expect(screen.getByText('Saved key: sk-…1234')).toBeTruthy();
    expect(keyInput().value).toBe('');
    expect(document.body.textContent).not.toContain(OWN_KEY);
  });

  it('asks for a key before saving an empty one', async () => {
    const { environment } = renderBilling();
    fireEvent.click(await screen.findByRole('button', { name: 'Save key' }));
    expect(screen.getByText('Enter your API key first.')).toBeTruthy();
    expect(() => environment.mock.getMostRecentOperation()).toThrow();
  });

  it("shows the server's validation message under the field", async () => {
    const { environment } = renderBilling();
    fireEvent.change(await screen.findByLabelText('AI provider API key'), { target: { value: 'not-a-key' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save key' }));
    const message = 'Enter a valid API key: it starts with "sk-" followed by at least 20 letters, digits, "-" or "_"';
    await act(async () => {
      environment.mock.resolveMostRecentOperation({
        data: { setBillingApiKey: { __typename: 'ValidationError', __isError: 'ValidationError', message } },
      });
    });
    expect(await screen.findByText('Could not save the API key')).toBeTruthy();
    expect(screen.getAllByText(message).length).toBeGreaterThan(0);
    expect(keyInput().getAttribute('aria-invalid')).toBe('true');
  });

  it('removes the saved key', async () => {
    const { environment } = renderBilling({ billing: subscriptionBilling(null) });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove key' }));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe('BillingModeCardClearKeyMutation');
    await act(async () => {
      environment.mock.resolve(operation, {
        data: { clearBillingApiKey: { viewer: { id: VIEWER_ID, billing: subscriptionBilling(null, { apiKey: null, hasApiKey: false }) } } },
      });
    });
    expect(await screen.findByText('API key removed')).toBeTruthy();
    expect(screen.getByText('No key saved yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove key' })).toBeNull();
  });

  it('switching to a subscription also saves the key typed beforehand', async () => {
    const { environment } = renderBilling({ billing: creditBilling() });
    fireEvent.change(await screen.findByLabelText('AI provider API key'), { target: { value: OWN_KEY } });
    await userEvent.setup().click(screen.getByRole('radio', { name: /Your own AI provider key/ }));
    await act(async () => {
      environment.mock.resolveMostRecentOperation({
        data: { setBillingPlanType: billingPayload(subscriptionBilling(null, { apiKey: null, hasApiKey: false })) },
      });
    });
    expect(await screen.findByText('Billing mode updated')).toBeTruthy();
    const keyOperation = environment.mock.getMostRecentOperation();
    expect(keyOperation.request.node.params.name).toBe('BillingModeCardApiKeyMutation');
    expect(keyOperation.request.variables).toEqual({ apiKey: OWN_KEY });
  });
});
