import type { Logger } from 'pino';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import type { Clock } from '../../platform/clock/index.ts';
import type { SecretBox } from '../../platform/crypto/index.ts';
import type { AdminConfigStore } from '../../platform/settings.ts';
import type { EventsService } from '../events/service.ts';
import { BillingAccountService } from './account.ts';
import { CheckoutService } from './checkout.ts';
import { CreditService, type CreditGrant, type UsageCharge } from './credits.ts';
import { billingNoteRecorder } from './notes.ts';
import { CreditRateService, PaymentPlanService } from './plans.ts';
import { StripeGateway, StripeKeys } from './stripe.ts';
import { TrialService } from './trial.ts';
import { StripeWebhookService } from './webhooks.ts';

interface BillingDependencies {
  prisma: PrismaClient;
  clock: Clock;
  events: EventsService;
  secrets: SecretBox;
  adminConfig: AdminConfigStore;
  publicUrl: string;
  /** Environment defaults; the admin's config keys win when set. */
  stripe: { secretKey?: string; webhookSecret?: string; apiUrl?: string };
  logger?: Logger;
}

/**
 * The billing domain, wired once from its dependencies. Billing's own GraphQL and REST doors call its
 * parts by name (`billing.plans.create`, `billing.account.setApiKey`); other domains pay for usage
 * through the methods below, billing's whole surface to them.
 */
export class BillingService {
  readonly account: BillingAccountService;
  readonly plans: PaymentPlanService;
  readonly rates: CreditRateService;
  readonly checkout: CheckoutService;
  readonly webhooks: StripeWebhookService;
  /** The free trial: started at sign-up verification, its settings set by the admin. */
  readonly trials: TrialService;
  private readonly credits: CreditService;

  constructor(deps: BillingDependencies) {
    const { prisma, clock, secrets, logger } = deps;
    const record = billingNoteRecorder(deps.events, logger);
    const gateway = new StripeGateway({ apiUrl: deps.stripe.apiUrl });
    const keys = new StripeKeys(deps.adminConfig, deps.stripe);
    this.trials = new TrialService({ prisma, clock, adminConfig: deps.adminConfig, record });
    this.account = new BillingAccountService({ prisma, clock, secrets });
    this.plans = new PaymentPlanService({ prisma, clock, record });
    this.rates = new CreditRateService({ prisma });
    this.checkout = new CheckoutService({ prisma, clock, plans: this.plans, gateway, keys, publicUrl: deps.publicUrl, record });
    this.webhooks = new StripeWebhookService({ prisma, clock, gateway, keys, record, logger });
    this.credits = new CreditService({ prisma, clock, secrets, logger });
  }

  aiBillingFor(userId: string) {
    return this.credits.aiBillingFor(userId);
  }

  chatMessageCost(userId: string) {
    return this.credits.chatMessageCost(userId);
  }

  charge(userId: string, usage: UsageCharge) {
    return this.credits.charge(userId, usage);
  }

  refundCharge(userId: string, chargeIdempotencyKey: string, description?: string) {
    return this.credits.refundCharge(userId, chargeIdempotencyKey, description);
  }

  grantCredits(userId: string, grant: CreditGrant) {
    return this.credits.grantCredits(userId, grant);
  }
}
