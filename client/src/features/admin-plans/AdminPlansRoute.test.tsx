import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { loadQuery } from 'react-relay';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../../test/axe.ts';
import { renderRoute } from '../../test/render.tsx';
import type { AdminPlansRouteQuery } from './__generated__/AdminPlansRouteQuery.graphql.ts';
import { AdminPlansScreen, adminPlansQuery } from './AdminPlansRoute.tsx';

const ADMIN_ID = 'admin-1';

const plan = (id: string, name: string, overrides: Record<string, unknown> = {}) => ({
  id,
  name,
  description: `${name} description`,
  type: 'subscription',
  price: 19,
  currency: 'usd',
  billingPeriod: 'month',
  botLimit: 5,
  widgetMessagesPerMinute: null,
  crawlSchedules: ['WEEKLY'],
  creditAmount: null,
  features: ['One feature'],
  isActive: true,
  ...overrides,
});

const STARTER = plan('plan-starter', 'Starter', { features: ['Chat', 'Email', 'Widget', 'Logs', 'Export', 'Support'] });
const PACK = plan('pack-small', 'Small pack', {
  type: 'credit',
  price: 10,
  billingPeriod: null,
  botLimit: null,
  creditAmount: 500,
  features: ['500 credits'],
  isActive: false,
});

function renderPlans(plans: unknown[] = [STARTER, PACK]) {
  const environment = createMockEnvironment();
  const queryRef = loadQuery<AdminPlansRouteQuery>(environment, adminPlansQuery, {});
  environment.mock.resolveMostRecentOperation((operation) =>
    MockPayloadGenerator.generate(operation, {
      QueryAdminResult: () => ({ __typename: 'Admin', id: ADMIN_ID }),
      Admin: () => ({ id: ADMIN_ID }),
      PlanStats: () => ({ totalPlans: 2, activePlans: 1, subscribers: 7, monthlyRevenue: 133 }),
      Query: () => ({ paymentPlans: plans }),
    }),
  );
  renderRoute(
    <Suspense fallback="loading">
      <AdminPlansScreen queryRef={queryRef} />
    </Suspense>,
    { environment },
  );
  return environment;
}

const card = (name: string) => screen.getByRole('article', { name });
const field = (dialog: HTMLElement, label: string | RegExp) => within(dialog).getByLabelText(label) as HTMLInputElement;
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

describe('/admin/plans', () => {
  it('shows the stats and every plan, the first 4 features then "+N more"', async () => {
    renderPlans();
    expect(await screen.findByText('Total plans')).toBeTruthy();
    expect(screen.getByText('1 active')).toBeTruthy();
    expect(screen.getByText('7')).toBeTruthy();
    expect(screen.getByText('$133.00')).toBeTruthy();

    const starter = card('Starter');
    expect(within(starter).getByText('$19.00 / month')).toBeTruthy();
    expect(within(starter).getByText('Bot limit: 5')).toBeTruthy();
    expect(
      within(starter)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Chat', 'Email', 'Widget', 'Logs']);
    expect(within(starter).getByText('+2 more')).toBeTruthy();

    const pack = card('Small pack');
    expect(within(pack).getByText('500 credits', { selector: 'p' })).toBeTruthy();
    expect(within(pack).getByText('Inactive')).toBeTruthy();
    expect(within(pack).queryByText(/more$/)).toBeNull();
  });

  it('refuses a create with no name, a price that is not a number and no feature, and sends nothing', async () => {
    const environment = renderPlans();
    fireEvent.click(await screen.findByRole('button', { name: 'Create plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a plan' });
    type(field(dialog, /^Price/), 'abc');
    type(field(dialog, /^Bot limit/), '2.5');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create plan' }));
    expect(await within(dialog).findByText("Enter the plan's name.")).toBeTruthy();
    expect(within(dialog).getByText('Enter a price above 0, for example 19 or $19.99.')).toBeTruthy();
    expect(within(dialog).getByText('Enter a whole number of at least 1, or leave empty for unlimited.')).toBeTruthy();
    expect(within(dialog).getByText('Add at least one feature.')).toBeTruthy();
    expect(environment.mock.getAllOperations()).toHaveLength(0);
  });

  it('keeps one feature input, adds and removes others, and shows the credit amount only for credit plans', async () => {
    renderPlans();
    fireEvent.click(await screen.findByRole('button', { name: 'Create plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a plan' });
    expect(within(dialog).queryByRole('button', { name: /Remove feature/ })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add feature' }));
    expect(within(dialog).getByLabelText('Feature 2')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove feature 2' }));
    expect(within(dialog).queryByLabelText('Feature 2')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /Remove feature/ })).toBeNull();

    expect(within(dialog).queryByLabelText(/^Credit amount/)).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Plan type'), { target: { value: 'credit' } });
    expect(field(dialog, /^Credit amount/)).toBeTruthy();
    expect(within(dialog).queryByLabelText(/^Bot limit/)).toBeNull();
    expect(within(dialog).queryByLabelText('Billing period')).toBeNull();
  });

  it('creates a subscription plan: "$" removed, empty bot limit is unlimited, the card and the stats follow', async () => {
    const environment = renderPlans();
    fireEvent.click(await screen.findByRole('button', { name: 'Create plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a plan' });
    type(field(dialog, /^Name/), 'Team');
    type(field(dialog, /^Price/), '$29.50');
    fireEvent.change(within(dialog).getByLabelText('Billing period'), { target: { value: 'year' } });
    // Features are required (one at least), and marked so like the other required fields.
    expect(
      within(dialog)
        .getByRole('group', { name: /^Features/ })
        .querySelector('legend')?.textContent,
    ).toBe('Features *');
    expect(field(dialog, 'Feature 1').getAttribute('aria-required')).toBe('true');
    type(field(dialog, 'Feature 1'), 'Unlimited bots');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create plan' }));

    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe('PlanDialogsCreateMutation');
    expect(operation.request.variables.input).toEqual({
      name: 'Team',
      description: '',
      price: '29.5',
      features: ['Unlimited bots'],
      botLimit: null,
      widgetMessagesPerMinute: null,
      crawlSchedules: [],
      planType: 'subscription',
      billingPeriod: 'year',
    });
    await act(async () => {
      environment.mock.resolve(operation, {
        data: {
          createPaymentPlan: {
            __typename: 'PaymentPlan',
            ...plan('plan-team', 'Team', { price: 29.5, billingPeriod: 'year', botLimit: null, features: ['Unlimited bots'] }),
          },
        },
      });
    });
    expect(await screen.findByText('Plan Created')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(card('Team')).getByText('$29.50 / year')).toBeTruthy();
    expect(within(card('Team')).getByText('Bot limit: Unlimited')).toBeTruthy();
    expect(screen.getByText('3')).toBeTruthy();
    expect(screen.getByText('2 active')).toBeTruthy();
  });

  it("shows the server's validation issues next to their fields and keeps the dialog open", async () => {
    const environment = renderPlans();
    fireEvent.click(await screen.findByRole('button', { name: 'Create plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a plan' });
    type(field(dialog, /^Name/), 'Team');
    type(field(dialog, /^Price/), '19');
    type(field(dialog, 'Feature 1'), 'Chat');
    type(field(dialog, /^Stripe price id/), 'nope');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create plan' }));
    await act(async () => {
      environment.mock.resolveMostRecentOperation({
        data: {
          createPaymentPlan: {
            __typename: 'ValidationError',
            __isError: 'ValidationError',
            message: 'The Stripe price id must look like price_...',
            issues: [{ path: 'stripePriceId', message: 'The Stripe price id must look like price_...' }],
          },
        },
      });
    });
    expect(
      await within(dialog).findByText('The Stripe price id must look like price_...', { selector: '.chakra-field__errorText' }),
    ).toBeTruthy();
    expect(field(dialog, /^Stripe price id/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Error')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Create a plan' })).toBeTruthy();
  });

  it('edits a plan: sends the spec\'s fields, refuses a bad bot limit first, and says "Plan Updated"', async () => {
    const environment = renderPlans();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Starter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Starter' });
    expect(field(dialog, /^Price/).value).toBe('19');
    expect(field(dialog, 'Feature 6').value).toBe('Support');
    type(field(dialog, /^Bot limit/), '0');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Enter a whole number of at least 1, or leave empty for unlimited.')).toBeTruthy();
    expect(environment.mock.getAllOperations()).toHaveLength(0);

    type(field(dialog, /^Bot limit/), '10');
    type(field(dialog, /^Price/), '$24');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove feature 6' }));
    expect((within(dialog).getByRole('checkbox', { name: 'Weekly' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.setup().click(within(dialog).getByRole('checkbox', { name: 'Daily' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe('PlanDialogsUpdateMutation');
    expect(operation.request.variables).toEqual({
      id: 'plan-starter',
      input: {
        name: 'Starter',
        description: 'Starter description',
        price: '24',
        features: ['Chat', 'Email', 'Widget', 'Logs', 'Export'],
        botLimit: 10,
        widgetMessagesPerMinute: null,
        crawlSchedules: ['DAILY', 'WEEKLY'],
      },
    });
    await act(async () => {
      environment.mock.resolve(operation, {
        data: {
          updatePaymentPlan: {
            __typename: 'PaymentPlan',
            ...STARTER,
            price: 24,
            botLimit: 10,
            features: ['Chat', 'Email', 'Widget', 'Logs', 'Export'],
          },
        },
      });
    });
    expect(await screen.findByText('Plan Updated')).toBeTruthy();
    expect(within(card('Starter')).getByText('$24.00 / month')).toBeTruthy();
    expect(within(card('Starter')).getByText('+1 more')).toBeTruthy();
  });

  it("edits a subscription plan's widget messages per minute: shows the stored one, refuses 0, sends the new one", async () => {
    const environment = renderPlans([plan('plan-agency', 'Agency', { widgetMessagesPerMinute: 1200 }), PACK]);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Agency' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Agency' });
    const limit = field(dialog, /^Widget messages per minute/);
    expect(limit.value).toBe('1200');
    expect(
      within(dialog).getByText("How many visitor messages one bot may answer a minute. Leave empty for the platform's default (300)."),
    ).toBeTruthy();

    type(limit, '0');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(
      await within(dialog).findByText("Enter a whole number from 1 to 1,000,000, or leave empty for the platform's default."),
    ).toBeTruthy();
    expect(limit.getAttribute('aria-invalid')).toBe('true');
    expect(environment.mock.getAllOperations()).toHaveLength(0);

    type(limit, '6000');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.variables.input).toMatchObject({ widgetMessagesPerMinute: 6000, botLimit: 5 });
    await act(async () => {
      environment.mock.resolve(operation, {
        data: { updatePaymentPlan: { __typename: 'PaymentPlan', ...plan('plan-agency', 'Agency', { widgetMessagesPerMinute: 6000 }) } },
      });
    });
    // The toaster outlives a test (an earlier one said "Plan Updated" too): the dialog closing says it was saved.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('clears the widget messages per minute back to the platform default with an empty field', async () => {
    const environment = renderPlans([plan('plan-agency', 'Agency', { widgetMessagesPerMinute: 1200 }), PACK]);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Agency' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Agency' });
    type(field(dialog, /^Widget messages per minute/), ' ');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(environment.mock.getMostRecentOperation().request.variables.input).toMatchObject({ widgetMessagesPerMinute: null, botLimit: 5 });
  });

  it('asks for the widget messages per minute on subscription plans only', async () => {
    renderPlans();
    fireEvent.click(await screen.findByRole('button', { name: 'Create plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a plan' });
    expect(field(dialog, /^Widget messages per minute/).value).toBe('');
    fireEvent.change(within(dialog).getByLabelText('Plan type'), { target: { value: 'credit' } });
    expect(within(dialog).queryByLabelText(/^Widget messages per minute/)).toBeNull();
  });

  it('says "Failed to update the plan. Please try again." when the update fails without a reason', async () => {
    const environment = renderPlans();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Small pack' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Small pack' });
    expect(within(dialog).queryByLabelText(/^Bot limit/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.variables.input).toMatchObject({ creditAmount: 500 });
    expect(operation.request.variables.input).not.toHaveProperty('botLimit');
    expect(operation.request.variables.input).not.toHaveProperty('widgetMessagesPerMinute');
    await act(async () => {
      environment.mock.reject(operation, new Error(''));
    });
    expect(await screen.findByText('Failed to update the plan. Please try again.')).toBeTruthy();
  });

  it('has no serious accessibility violation, with the create dialog open too', async () => {
    renderPlans();
    await screen.findByRole('article', { name: 'Starter' });
    expect(await seriousViolations()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Create plan' }));
    await screen.findByRole('dialog', { name: 'Create a plan' });
    expect(await seriousViolations()).toEqual([]);
  });

  it('toggles a plan on sale and counts it among the active plans', async () => {
    const environment = renderPlans();
    await userEvent.setup().click(await within(card('Small pack')).findByRole('checkbox', { name: 'Small pack is on sale' }));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.variables).toEqual({ id: 'pack-small' });
    await act(async () => {
      environment.mock.resolve(operation, { data: { togglePaymentPlan: { __typename: 'PaymentPlan', id: 'pack-small', isActive: true } } });
    });
    expect(await screen.findByText('2 active')).toBeTruthy();
    expect(within(card('Small pack')).getByText('Active', { selector: 'span.chakra-badge' })).toBeTruthy();
  });
});
