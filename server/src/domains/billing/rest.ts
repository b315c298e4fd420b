import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CreditRate, PaymentPlan } from '../../generated/prisma/client.ts';
import { NotFoundError } from '../../errors.ts';
import { requireAdmin, requireViewer } from '../../rest/http.ts';
import type { RestContext } from '../../rest/routes.ts';
import { featuresText, type RevenueSummary } from './rules.ts';
import type { CreditBalance, SubscriptionWithPlan } from './service.ts';

/** A payment plan as the spec's client reads it: snake_case, price as a number, features as one text. */
export function planJson(plan: PaymentPlan) {
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

export function subscriptionJson(subscription: SubscriptionWithPlan) {
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

export function creditsJson(credits: CreditBalance) {
  return {
    total_credits: credits.totalCredits.toNumber(),
    used_credits: credits.usedCredits.toNumber(),
    balance: credits.balance.toNumber(),
  };
}

export function rateJson(rate: CreditRate) {
  return {
    id: rate.id,
    usage_type: rate.usageType,
    unit_name: rate.unitName,
    cost_per_unit: rate.costPerUnit.toNumber(),
    created_at: rate.createdAt.toISOString(),
    updated_at: rate.updatedAt.toISOString(),
  };
}

export function revenueJson(summary: RevenueSummary) {
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
      json(request, body as string, done);
    });

    // ------------------------------------------------ billing mode and own key
    scope.get('/usersbilling/current-plan', async (request) => ({ plan_type: await billing.planType(requireViewer(request)) }));

    scope.post('/usersbilling/set-plan', async (request) => ({
      plan_type: await billing.setPlanType(requireViewer(request), request.body),
      message: 'Billing plan updated',
    }));

    scope.get('/usersbilling/api-key', async (request) => ({ api_key: await billing.maskedApiKey(requireViewer(request)) }));

    scope.post('/usersbilling/set-api-key', async (request) => {
      const result = await billing.setApiKey(requireViewer(request), request.body);
      const message = result.saved
        ? 'API key saved'
        : result.apiKey
          ? 'API key unchanged'
          : "No API key saved: the platform's AI service is used";
      return { api_key: result.apiKey, message };
    });

    scope.delete('/usersbilling/api-key', async (request) => {
      await billing.clearApiKey(requireViewer(request));
      return { api_key: null, message: 'API key removed' };
    });

    // ------------------------------------------------ subscription and credits
    scope.get('/usersbilling/current-active/subscription', async (request) => {
      const subscription = await billing.activeSubscription(requireViewer(request));
      if (!subscription) throw new NotFoundError('No active subscription', 'NO_ACTIVE_SUBSCRIPTION');
      return subscriptionJson(subscription);
    });

    scope.get('/usersbilling/current-active/credit', async (request) => creditsJson(await billing.credits(requireViewer(request))));

    // ------------------------------------------------ plans
    for (const path of ['/admin/payment-plans/', '/admin/payment-plans']) {
      scope.get(path, async (request) => {
        const { plan_type: type } = request.query as { plan_type?: string };
        const plans = await billing.listPlans(request.viewer, { type: type === 'credit' || type === 'subscription' ? type : null });
        return plans.map(planJson);
      });
      scope.post(path, async (request, reply) => {
        const plan = await billing.createPlan(requireAdmin(request), request.body);
        return reply.status(201).send(planJson(plan));
      });
    }

    scope.get('/admin/payment-plans/revenue-summary', async (request) => revenueJson(await billing.revenueSummary(requireAdmin(request))));

    scope.patch('/admin/payment-plans/:id/edit', async (request) =>
      planJson(await billing.updatePlan(requireAdmin(request), idParam(request), request.body)),
    );

    scope.patch('/admin/payment-plans/:id/toggle', async (request) => planJson(await billing.togglePlan(requireAdmin(request), idParam(request))));

    // ------------------------------------------------ credit rates
    for (const path of ['/credit-rates', '/credit-rates/']) {
      scope.get(path, async (request) => {
        requireViewer(request);
        return (await billing.listRates()).map(rateJson);
      });
      scope.post(path, async (request, reply) => reply.status(201).send(rateJson(await billing.createRate(requireAdmin(request), request.body))));
    }

    scope.put('/credit-rates/:id', async (request) => rateJson(await billing.updateRate(requireAdmin(request), idParam(request), request.body)));

    scope.delete('/credit-rates/:id', async (request) => {
      const rate = await billing.deleteRate(requireAdmin(request), idParam(request));
      return { message: 'Credit rate deleted', id: rate.id };
    });

    // ------------------------------------------------ Stripe checkout and upgrade
    scope.post('/payments/create-credit-checkout-session', async (request) => {
      const session = await billing.createCheckout(requireViewer(request), 'credit', queryParam(request, 'plan_id'));
      return { checkout_url: session.checkoutUrl, session_id: session.sessionId };
    });

    scope.post('/payments/create-subscription-session', async (request) => {
      const session = await billing.createCheckout(requireViewer(request), 'subscription', queryParam(request, 'plan_id'));
      return { checkout_url: session.checkoutUrl, session_id: session.sessionId };
    });

    scope.post('/payments/upgrade-subscription-session', async (request) => {
      const result = await billing.upgradeSubscription(requireViewer(request), queryParam(request, 'new_plan_id'));
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
      const result = await billing.handleStripeWebhook(body, typeof signature === 'string' ? signature : undefined);
      return { received: result.received, duplicate: result.duplicate };
    });
  });
}

function idParam(request: FastifyRequest): string {
  return (request.params as { id: string }).id;
}

function queryParam(request: FastifyRequest, name: string): unknown {
  return (request.query as Record<string, unknown>)[name];
}
