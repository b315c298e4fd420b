// The billing domain's expected failures, each code written once beside its message. Their classes
// give the REST status and the GraphQL error type; the code is what clients can rely on.
import { ConflictError, NotFoundError, PaymentRequiredError, ServiceUnavailableError, ValidationError } from '../../errors.ts';
import type { Decimal } from './decimal.ts';

/** What a plan is wanted for: a purchase of a credit pack or of a subscription plan, or an upgrade. */
export type PlanPurchase = 'credit pack' | 'subscription plan' | 'upgrade';

export const billingErrors = {
  insufficientCredits: (cost: Decimal, balance: Decimal) =>
    new PaymentRequiredError(
      `Not enough credits: this needs ${cost.toString()} and your balance is ${balance.toString()}. Buy more credits on the billing page.`,
      'INSUFFICIENT_CREDITS',
    ),
  idempotencyKeyReused: () =>
    new ConflictError('This idempotency key was already used for another credit movement', 'IDEMPOTENCY_KEY_REUSED'),
  noChargeToRefund: () => new NotFoundError('No such charge to refund.'),
  invalidUsage: (message: string) => new ValidationError(message, [], 'INVALID_USAGE'),
  noCreditRate: (usageType: string, unitName: string) =>
    new ValidationError(`No credit rate is set for ${usageType} per ${unitName}`, [], 'NO_CREDIT_RATE'),
  creditRateExists: (usageType: string, unitName: string) =>
    new ConflictError(`A credit rate for ${usageType} per ${unitName} already exists`, 'CREDIT_RATE_EXISTS'),

  planInactive: () => new NotFoundError('This plan is no longer available', 'PLAN_INACTIVE'),
  wrongPlanType: (wanted: PlanPurchase) =>
    new ValidationError(
      wanted === 'upgrade' ? 'You can only upgrade to a subscription plan' : `This plan is not a ${wanted}`,
      [],
      'WRONG_PLAN_TYPE',
    ),
  noActiveSubscription: (wantedFor: 'show' | 'upgrade') =>
    new NotFoundError(
      wantedFor === 'upgrade' ? 'You have no active subscription to upgrade. Choose a plan first.' : 'No active subscription',
      'NO_ACTIVE_SUBSCRIPTION',
    ),
  alreadySubscribed: () =>
    new ConflictError('You already have an active subscription: upgrade it instead of buying another one.', 'ALREADY_SUBSCRIBED'),
  samePlan: (planName: string) => new ConflictError(`You are already on the ${planName} plan`, 'SAME_PLAN'),
  notAnUpgrade: (currentPrice: string) =>
    new ValidationError(`You can only upgrade to a plan priced above your current one (${currentPrice})`, [], 'NOT_AN_UPGRADE'),
  notBilledOnline: () =>
    new ConflictError(
      'Your current subscription is not billed through Stripe, so it cannot be upgraded online. Please contact support.',
      'NOT_BILLED_ONLINE',
    ),

  paymentsNotConfigured: () =>
    new ServiceUnavailableError(
      'Payments are not configured on this server: an administrator must set the Stripe secret key.',
      'PAYMENTS_NOT_CONFIGURED',
    ),
  webhooksNotConfigured: () =>
    new ServiceUnavailableError(
      'Stripe webhooks are not configured on this server: set the webhook signing secret.',
      'STRIPE_WEBHOOK_NOT_CONFIGURED',
    ),
};
