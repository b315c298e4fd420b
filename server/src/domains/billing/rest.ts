import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CreditRate, PaymentPlan } from '../../generated/prisma/client.ts';
import { requireViewer, type RestContext } from '../../rest/http.ts';
import { billingErrors } from './errors.ts';
import type { CreditBalance } from './ledger.ts';
import { featuresText } from './priceListInput.ts';
import type { RevenueSummary } from './revenue.ts';
import type { SubscriptionWithPlan } from './subscriptions.ts';
import type { TrialSettings, TrialView } from './trial.ts';

// ---------------------------------------------------------------- requests: the spec's names to the service's

type JsonFields = Record<string, unknown>;

/**
 * A body's fields under the service's names. A body that is not a JSON object (none, a list, text)
 * goes to the service as it came, for its schema to refuse with the same message as always.
 */
function renamedBody(body: unknown, rename: (fields: JsonFields) => JsonFields): unknown {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? rename(body as JsonFields) : body;
}

/** POST /usersbilling/set-plan {plan_type} */
export function planTypeInputFromBody(body: unknown): unknown {
  return renamedBody(body, (fields) => ({ planType: fields.plan_type }));
}

/** POST /usersbilling/set-api-key {api_key} */
export function apiKeyInputFromBody(body: unknown): unknown {
  return renamedBody(body, (fields) => ({ apiKey: fields.api_key }));
}

/** GET /admin/payment-plans/?plan_type=credit */
export function planFilterFromQuery(query: JsonFields): JsonFields {
  return { type: query.plan_type };
}

/** POST /admin/payment-plans/ and PATCH /admin/payment-plans/{id}/edit */
export function planInputFromBody(body: unknown): unknown {
  return renamedBody(body, (fields) => ({
    name: fields.name,
    description: fields.description,
    planType: fields.plan_type,
    price: fields.price,
    currency: fields.currency,
    billingPeriod: fields.billing_period,
    botLimit: fields.bot_limit,
    widgetMessagesPerMinute: fields.widget_messages_per_minute,
    crawlSchedules: fields.crawl_schedules,
    creditAmount: fields.credit_amount,
    bonusCredits: fields.bonus_credits,
    features: fields.features,
    stripePriceId: fields.stripe_price_id,
    isActive: fields.is_active,
    isPopular: fields.is_popular,
  }));
}

/** POST /credit-rates and PUT /credit-rates/{id} */
export function rateInputFromBody(body: unknown): unknown {
  return renamedBody(body, (fields) => ({ usageType: fields.usage_type, unitName: fields.unit_name, costPerUnit: fields.cost_per_unit }));
}

// ---------------------------------------------------------------- answers: the spec's JSON

/** A payment plan as the spec's client reads it: snake_case, price as a number, features as one text. */
function planJson(plan: PaymentPlan) {
  return {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    type: plan.type,
    plan_type: plan.type,
    price: plan.price.toNumber(),
    currency: plan.currency,
    is_active: plan.isActive,
    is_popular: plan.isPopular,
    bot_limit: plan.botLimit,
    /** Widget messages one bot may answer a minute; null: the platform's default (300). */
    widget_messages_per_minute: plan.widgetMessagesPerMinute,
    /** Re-crawl schedules besides OFF its subscribers' websites may use (DAILY, WEEKLY). */
    crawl_schedules: plan.crawlSchedules,
    billing_period: plan.billingPeriod,
    features: featuresText(plan.features),
    /** The same features as a list, for features that contain a comma themselves. */
    feature_list: plan.features,
    credit_amount: plan.creditAmount,
    bonus_credits: plan.bonusCredits,
    stripe_price_id: plan.stripePriceId,
    created_at: plan.createdAt.toISOString(),
    updated_at: plan.updatedAt.toISOString(),
  };
}

function subscriptionJson(subscription: SubscriptionWithPlan) {
  const { plan } = subscription;
  return {
    id: subscription.id,
    plan_id: plan.id,
    plan_name: plan.name,
    description: plan.description,
    features: featuresText(plan.features),
    feature_list: plan.features,
    bot_limit: plan.botLimit,
    billing_period: subscription.billingPeriod,
    amount_paid: subscription.amountPaid.toNumber(),
    currency: subscription.currency,
    status: subscription.status,
    started_at: subscription.startedAt.toISOString(),
    expires_at: subscription.expiresAt.toISOString(),
  };
}

/** A free trial as REST answers carry it (GET /users/me, the current subscription). */
export function trialJson(trial: TrialView) {
  return {
    plan_id: trial.planId,
    plan_name: trial.planName,
    bot_limit: trial.botLimit,
    started_at: trial.startedAt.toISOString(),
    ends_at: trial.endsAt.toISOString(),
    days_left: trial.daysLeft,
    ended: trial.ended,
    credits: trial.credits,
    credits_used: trial.creditsUsed,
    credits_left: trial.creditsLeft,
  };
}

/** A running trial as the current subscription: the contract's fields (status trialing, nothing paid) and the trial's own. */
function trialSubscriptionJson(subscription: SubscriptionWithPlan, trial: TrialView) {
  return { ...subscriptionJson(subscription), is_trial: true, trial: trialJson(trial) };
}

/** GET and PUT /admin/trial-settings */
function trialSettingsJson(settings: TrialSettings) {
  return { trial_days: settings.trialDays, trial_credits: settings.trialCredits };
}

function creditsJson(credits: CreditBalance) {
  return {
    total_credits: credits.totalCredits.toNumber(),
    used_credits: credits.usedCredits.toNumber(),
    balance: credits.balance.toNumber(),
  };
}

function rateJson(rate: CreditRate) {
  return {
    id: rate.id,
    usage_type: rate.usageType,
    unit_name: rate.unitName,
    cost_per_unit: rate.costPerUnit.toNumber(),
    created_at: rate.createdAt.toISOString(),
    updated_at: rate.updatedAt.toISOString(),
  };
}

function revenueJson(summary: RevenueSummary) {
  return { total_revenue: summary.totalRevenue, monthly_breakdown: summary.monthlyBreakdown };
}

export function billingRoutes(app: FastifyInstance, { services }: RestContext): void {
  const { billing } = services;

  // The spec's client posts some of these calls without a body; an empty JSON body means "no body" here.
  void app.register(async (scope) => {
    const json = scope.getDefaultJsonParser('error', 'error');
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
      // Fastify's own parser answers through `done`; its type merely allows a promise.
      void json(request, body as string, done);
    });

    // ------------------------------------------------ billing mode and own key
    scope.get('/usersbilling/current-plan', async (request) => ({ plan_type: await billing.account.planType(requireViewer(request)) }));

    scope.post('/usersbilling/set-plan', async (request) => ({
      plan_type: await billing.account.setPlanType(requireViewer(request), planTypeInputFromBody(request.body)),
      message: 'Billing plan updated',
    }));

    scope.get('/usersbilling/api-key', async (request) => ({ api_key: await billing.account.maskedApiKey(requireViewer(request)) }));

    scope.post('/usersbilling/set-api-key', async (request) => {
      const result = await billing.account.setApiKey(requireViewer(request), apiKeyInputFromBody(request.body));
      const message = result.saved
        ? 'API key saved'
        : result.apiKey
          ? 'API key unchanged'
          : "No API key saved: the platform's AI service is used";
      return { api_key: result.apiKey, message };
    });

    scope.delete('/usersbilling/api-key', async (request) => {
      await billing.account.clearApiKey(requireViewer(request));
      return { api_key: null, message: 'API key removed' };
    });

    // ------------------------------------------------ subscription and credits
    scope.get('/usersbilling/current-active/subscription', async (request) => {
      const viewer = requireViewer(request);
      const subscription = await billing.account.activeSubscription(viewer);
      if (subscription) return { ...subscriptionJson(subscription), is_trial: false, trial: null };
      const trial = await billing.trials.current(viewer.id);
      const view = trial && (await billing.trials.viewOf(viewer.id));
      if (trial && view) return trialSubscriptionJson(trial, view);
      throw billingErrors.noActiveSubscription('show');
    });

    scope.get('/usersbilling/current-active/credit', async (request) =>
      creditsJson(await billing.account.creditBalance(requireViewer(request))),
    );

    // ------------------------------------------------ plans (only an admin's writes pass the service; others get 403)
    for (const path of ['/admin/payment-plans/', '/admin/payment-plans']) {
      scope.get(path, async (request) => {
        const plans = await billing.plans.list(request.viewer, planFilterFromQuery(request.query as JsonFields));
        return plans.map(planJson);
      });
      scope.post(path, async (request, reply) => {
        const plan = await billing.plans.create(requireViewer(request), planInputFromBody(request.body));
        return reply.status(201).send(planJson(plan));
      });
    }

    scope.get('/admin/payment-plans/revenue-summary', async (request) =>
      revenueJson(await billing.plans.revenueSummary(requireViewer(request))),
    );

    scope.patch('/admin/payment-plans/:id/edit', async (request) =>
      planJson(await billing.plans.update(requireViewer(request), idParam(request), planInputFromBody(request.body))),
    );

    scope.patch('/admin/payment-plans/:id/toggle', async (request) =>
      planJson(await billing.plans.toggle(requireViewer(request), idParam(request))),
    );

    // ------------------------------------------------ the free trial's settings (admins only: the service refuses others)
    scope.get('/admin/trial-settings', async (request) => trialSettingsJson(await billing.trials.settingsFor(request.viewer)));

    scope.put('/admin/trial-settings', async (request) => {
      const body = request.body;
      const credits = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as JsonFields).trial_credits : undefined;
      return trialSettingsJson(await billing.trials.setTrialCredits(request.viewer, credits));
    });

    // ------------------------------------------------ credit rates (likewise)
    for (const path of ['/credit-rates', '/credit-rates/']) {
      scope.get(path, async (request) => {
        requireViewer(request);
        return (await billing.rates.list()).map(rateJson);
      });
      scope.post(path, async (request, reply) =>
        reply.status(201).send(rateJson(await billing.rates.create(requireViewer(request), rateInputFromBody(request.body)))),
      );
    }

    scope.put('/credit-rates/:id', async (request) =>
      rateJson(await billing.rates.update(requireViewer(request), idParam(request), rateInputFromBody(request.body))),
    );

    scope.delete('/credit-rates/:id', async (request) => {
      const rate = await billing.rates.delete(requireViewer(request), idParam(request));
      return { message: 'Credit rate deleted', id: rate.id };
    });

    // ------------------------------------------------ Stripe checkout and upgrade
    scope.post('/payments/create-credit-checkout-session', async (request) => {
      const session = await billing.checkout.createSession(requireViewer(request), 'credit', queryParam(request, 'plan_id'));
      return { checkout_url: session.checkoutUrl, session_id: session.sessionId };
    });

    scope.post('/payments/create-subscription-session', async (request) => {
      const session = await billing.checkout.createSession(requireViewer(request), 'subscription', queryParam(request, 'plan_id'));
      return { checkout_url: session.checkoutUrl, session_id: session.sessionId };
    });

    scope.post('/payments/upgrade-subscription-session', async (request) => {
      const result = await billing.checkout.upgradeSubscription(requireViewer(request), queryParam(request, 'new_plan_id'));
      return { success: result.success, message: result.message, receipt_url: result.receiptUrl };
    });
  });

  // Stripe signs the exact bytes it sent: this route alone keeps the raw body (any content type).
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post('/payments/webhook', async (request) => {
      const signature = request.headers['stripe-signature'];
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const result = await billing.webhooks.handle(body, typeof signature === 'string' ? signature : undefined);
      return { received: result.received, duplicate: result.duplicate };
    });
  });
}

function idParam(request: FastifyRequest): string {
  return (request.params as { id: string }).id;
}

function queryParam(request: FastifyRequest, name: string): unknown {
  return (request.query as JsonFields)[name];
}
