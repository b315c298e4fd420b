import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { loadQuery } from 'react-relay';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../../test/axe.ts';
import { renderRoute } from '../../test/render.tsx';
import type { AdminSettingsRouteQuery } from './__generated__/AdminSettingsRouteQuery.graphql.ts';
import { AdminSettingsScreen, adminSettingsQuery } from './AdminSettingsRoute.tsx';

const ADMIN_ID = 'admin-1';

const CONFIG = [
  { key: 'stripe_secret_key', value: 'sk_test_…4242', isSet: true, updatedAt: '2026-11-20T10:00:00Z' },
  { key: 'stripe_webhook_secret', value: '', isSet: false, updatedAt: null },
  { key: 'whatsapp_access_token', value: '', isSet: false, updatedAt: null },
  { key: 'whatsapp_phone_number_id', value: '', isSet: false, updatedAt: null },
  { key: 'whatsapp_verify_token', value: '', isSet: false, updatedAt: null },
  { key: 'openai_api_key', value: '', isSet: false, updatedAt: null },
];

const RATES = [
  { id: 'rate-chat', usageType: 'chat', unitName: 'message', costPerUnit: 1 },
  { id: 'rate-image', usageType: 'image', unitName: 'image', costPerUnit: 5 },
];

function renderSettings() {
  const environment = createMockEnvironment();
  const queryRef = loadQuery<AdminSettingsRouteQuery>(environment, adminSettingsQuery, {});
  environment.mock.resolveMostRecentOperation((operation) =>
    MockPayloadGenerator.generate(operation, {
      QueryAdminResult: () => ({ __typename: 'Admin', id: ADMIN_ID }),
      Admin: () => ({ id: ADMIN_ID, config: CONFIG }),
      Query: () => ({ creditRates: RATES, trialSettings: { trialDays: 7, trialCredits: 100 } }),
    }),
  );
  renderRoute(
    <Suspense fallback="loading">
      <AdminSettingsScreen queryRef={queryRef} />
    </Suspense>,
    { environment },
  );
  return environment;
}

const openRates = async () => userEvent.setup().click(await screen.findByRole('tab', { name: 'Rates' }));
const rateForm = () => screen.getByRole('region', { name: /^(Add a rate|Update )/ });
const input = (label: RegExp | string) => within(rateForm()).getByLabelText(label) as HTMLInputElement;

describe('/admin/settings, API keys', () => {
  it('lists the six keys masked, with a password input each', async () => {
    renderSettings();
    expect(await screen.findByText('Current: sk_test_…4242 · Updated Nov 20, 2026')).toBeTruthy();
    expect(screen.getAllByText('Not set')).toHaveLength(5);
    const field = screen.getByLabelText('New value for AI provider API key') as HTMLInputElement;
    expect(field.type).toBe('password');
    expect(screen.getAllByRole('button', { name: /^Save / })).toHaveLength(6);
  });

  it('saves a key: "Settings Saved", the masked value shown, the input cleared', async () => {
    const environment = renderSettings();
    const field = (await screen.findByLabelText('New value for AI provider API key')) as HTMLInputElement;
    fireEvent.change(field, { target: { value: 'sk-proj-abcdefghijklmnopqrstuvwxyz' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save AI provider API key' }));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.variables).toEqual({ key: 'openai_api_key', value: 'sk-proj-abcdefghijklmnopqrstuvwxyz' });
    await act(async () => {
      environment.mock.resolve(operation, {
        data: {
          setAdminConfig: {
            __typename: 'AdminConfigEntry',
            key: 'openai_api_key',
            value: 'sk-proj-…wxyz',
            isSet: true,
            updatedAt: '2026-11-21T10:00:00Z',
          },
        },
      });
    });
    expect(await screen.findByText('Settings Saved')).toBeTruthy();
    expect(screen.getByText('API configuration updated.')).toBeTruthy();
    expect(screen.getByText('Current: sk-proj-…wxyz · Updated Nov 21, 2026')).toBeTruthy();
    expect(field.value).toBe('');
    expect(screen.getAllByText('Not set')).toHaveLength(4);
  });

  it('clears a set key after a confirmation: "Not set" again, and only set keys offer it', async () => {
    const environment = renderSettings();
    expect(await screen.findAllByRole('button', { name: /^Clear / })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Clear Stripe secret key' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Clear the Stripe secret key?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear' }));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.variables).toEqual({ key: 'stripe_secret_key', value: '' });
    await act(async () => {
      environment.mock.resolve(operation, {
        data: {
          setAdminConfig: {
            __typename: 'AdminConfigEntry',
            key: 'stripe_secret_key',
            value: '',
            isSet: false,
            updatedAt: '2026-11-21T10:00:00Z',
          },
        },
      });
    });
    expect(await screen.findByText('Stripe secret key cleared')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText(/^Not set/)).toHaveLength(6));
    expect(screen.queryAllByRole('button', { name: /^Clear / })).toHaveLength(0);
  });

  it('says "Save Failed" with the reason next to the input when the server refuses the value', async () => {
    const environment = renderSettings();
    fireEvent.change(await screen.findByLabelText('New value for Stripe secret key'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Stripe secret key' }));
    const reason = 'Enter a Stripe secret key: "sk_test_…", "sk_live_…" or a restricted "rk_…" key';
    await act(async () => {
      environment.mock.resolveMostRecentOperation({
        data: {
          setAdminConfig: {
            __typename: 'ValidationError',
            __isError: 'ValidationError',
            message: reason,
            issues: [{ path: 'value', message: reason }],
          },
        },
      });
    });
    expect(await screen.findByText('Save Failed')).toBeTruthy();
    expect(screen.getAllByText(reason)).toHaveLength(2);
  });

  it('asks for a value instead of saving an empty one', async () => {
    const environment = renderSettings();
    fireEvent.click(await screen.findByRole('button', { name: 'Save Stripe webhook secret' }));
    expect(await screen.findByText('Enter a new value first.')).toBeTruthy();
    expect(environment.mock.getAllOperations()).toHaveLength(0);
  });
});

describe('/admin/settings, accessibility', () => {
  it('has no serious accessibility violation on either tab', async () => {
    renderSettings();
    await screen.findByLabelText('New value for AI provider API key');
    expect(await seriousViolations()).toEqual([]);
    await openRates();
    await screen.findByRole('button', { name: 'Add rate' });
    expect(await seriousViolations()).toEqual([]);
  });
});

describe('/admin/settings, Rates', () => {
  it('adds a rate: the list grows and the form is cleared', async () => {
    const environment = renderSettings();
    await openRates();
    fireEvent.change(input(/^Usage type/), { target: { value: 'voice' } });
    fireEvent.change(input(/^Unit/), { target: { value: 'minute' } });
    fireEvent.change(input(/^Credits per unit/), { target: { value: '2.5' } });
    fireEvent.click(within(rateForm()).getByRole('button', { name: 'Add rate' }));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe('CreditRatesPanelCreateMutation');
    expect(operation.request.variables.input).toEqual({ usageType: 'voice', unitName: 'minute', costPerUnit: 2.5 });
    await act(async () => {
      environment.mock.resolve(operation, {
        data: {
          createCreditRate: { __typename: 'CreditRate', id: 'rate-voice', usageType: 'voice', unitName: 'minute', costPerUnit: 2.5 },
        },
      });
    });
    expect(await screen.findByText('Rate added')).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'voice' })).toBeTruthy();
    expect(input(/^Usage type/).value).toBe('');
  });

  it('picking a row switches to update mode; after the save the form is cleared and back in add mode', async () => {
    const environment = renderSettings();
    await openRates();
    fireEvent.click(screen.getByRole('button', { name: 'Edit the image rate per image' }));
    expect(within(rateForm()).getByRole('heading', { name: 'Update image / image' })).toBeTruthy();
    expect(input(/^Credits per unit/).value).toBe('5');
    expect(within(rateForm()).queryByRole('button', { name: 'Add rate' })).toBeNull();

    fireEvent.change(input(/^Credits per unit/), { target: { value: '4' } });
    fireEvent.click(within(rateForm()).getByRole('button', { name: 'Update rate' }));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe('CreditRatesPanelUpdateMutation');
    expect(operation.request.variables).toEqual({ id: 'rate-image', input: { usageType: 'image', unitName: 'image', costPerUnit: 4 } });
    await act(async () => {
      environment.mock.resolve(operation, {
        data: { updateCreditRate: { __typename: 'CreditRate', id: 'rate-image', usageType: 'image', unitName: 'image', costPerUnit: 4 } },
      });
    });
    expect(await screen.findByText('Rate updated')).toBeTruthy();
    expect(within(rateForm()).getByRole('heading', { name: 'Add a rate' })).toBeTruthy();
    expect(within(rateForm()).getByRole('button', { name: 'Add rate' })).toBeTruthy();
    expect(input(/^Usage type/).value).toBe('');
    expect(input(/^Credits per unit/).value).toBe('');
    expect(screen.getByRole('cell', { name: '4' })).toBeTruthy();
  });

  it('refuses a rate without its fields or with a negative cost, and sends nothing', async () => {
    const environment = renderSettings();
    await openRates();
    fireEvent.change(input(/^Credits per unit/), { target: { value: '-1' } });
    fireEvent.click(within(rateForm()).getByRole('button', { name: 'Add rate' }));
    expect(within(rateForm()).getAllByText('Required.')).toHaveLength(2);
    expect(within(rateForm()).getByText('Enter a number of at least 0.')).toBeTruthy();
    expect(environment.mock.getAllOperations()).toHaveLength(0);
  });

  it('deletes a rate after confirmation', async () => {
    const environment = renderSettings();
    await openRates();
    fireEvent.click(screen.getByRole('button', { name: 'Delete the chat rate per message' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this rate?' });
    expect(environment.mock.getAllOperations()).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete rate' }));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.variables).toEqual({ id: 'rate-chat' });
    await act(async () => {
      environment.mock.resolve(operation, {
        data: { deleteCreditRate: { __typename: 'DeletedCreditRatePayload', deletedId: 'rate-chat' } },
      });
    });
    expect(await screen.findByText('Rate deleted')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'chat' })).toBeNull());
    expect(screen.getAllByRole('cell', { name: 'image' })).toHaveLength(2);
  });
});

describe('/admin/settings, free trial', () => {
  it('saves the trial credits', async () => {
    const environment = renderSettings();
    await openRates();
    expect(screen.getByText('Credits every new customer receives for the 7-day free trial.')).toBeTruthy();
    const credits = screen.getByLabelText('Trial credits') as HTMLInputElement;
    expect(credits.value).toBe('100');
    fireEvent.change(credits, { target: { value: '250' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save trial credits' }));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe('TrialCreditsPanelMutation');
    expect(operation.request.variables).toEqual({ credits: 250 });
    await act(async () => {
      environment.mock.resolve(operation, { data: { setTrialCredits: { __typename: 'TrialSettings', trialDays: 7, trialCredits: 250 } } });
    });
    expect(await screen.findByText('Trial credits saved')).toBeTruthy();
    expect(screen.getByText('New trials start with 250 credits.')).toBeTruthy();
    expect(credits.value).toBe('250');
  });

  it('refuses credits that are not a whole number, and sends nothing', async () => {
    const environment = renderSettings();
    await openRates();
    fireEvent.change(screen.getByLabelText('Trial credits'), { target: { value: '1.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save trial credits' }));
    expect(await screen.findByText('Enter a whole number of at least 0.')).toBeTruthy();
    expect(environment.mock.getAllOperations()).toHaveLength(0);
  });
});
