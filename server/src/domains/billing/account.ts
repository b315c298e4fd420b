// A customer's billing account as their billing page shows it: the billing mode (credits, or a
// subscription with their own AI-provider key), the key itself, the credit balance and the plan.
import { z } from 'zod';
import type { PlanType, PrismaClient } from '../../generated/prisma/client.ts';
import { ValidationError } from '../../errors.ts';
import type { Clock } from '../../platform/clock/index.ts';
import { maskSecret, type SecretBox } from '../../platform/crypto/index.ts';
import { parseInput } from '../../platform/validation.ts';
import type { Viewer } from '../auth/public.ts';
import { openSealedApiKey, payingStandingOf, type PayingStanding, type PayingStandingRow } from './credits.ts';
import { balanceOf, type CreditBalance } from './ledger.ts';
import { planTypeField } from './priceListInput.ts';
import { BILLING_MESSAGES, billingModeOf, isValidApiKeyShape, type UsageQuantity } from './rules.ts';
import { findActiveSubscription, findTrial, type SubscriptionWithPlan } from './subscriptions.ts';
import { trialView, type TrialView } from './trial.ts';

export interface BillingOverview {
  userId: string;
  planType: PlanType;
  /** Masked (`sk-…abcd`) or null: the full key never leaves the server. */
  apiKey: string | null;
  credits: CreditBalance;
  /** The paid subscription that counts now. */
  subscription: SubscriptionWithPlan | null;
  /** The free trial, running or ended; null when there never was one or a paid subscription counts. */
  trial: TrialView | null;
}

export interface SavedApiKey {
  /** The key in force afterwards, masked; null when none is saved. */
  apiKey: string | null;
  /** False when the input kept the saved key (empty, or the masked key sent back). */
  saved: boolean;
}

const setPlanTypeInput = z.object({ planType: planTypeField }, { error: BILLING_MESSAGES.planTypeRequired });

const setApiKeyInput = z.object(
  { apiKey: z.string({ error: BILLING_MESSAGES.apiKeyNotText }).max(300, { error: BILLING_MESSAGES.apiKeyInvalid }).nullish() },
  { error: BILLING_MESSAGES.apiKeyRequired },
);

interface BillingAccountDependencies {
  prisma: PrismaClient;
  clock: Clock;
  secrets: SecretBox;
}

export class BillingAccountService {
  constructor(private readonly deps: BillingAccountDependencies) {}

  async planType(viewer: Viewer): Promise<PlanType> {
    return billingModeOf(await this.settingsOf(viewer.id));
  }

  async setPlanType(viewer: Viewer, rawInput: unknown): Promise<PlanType> {
    const { planType } = parseInput(setPlanTypeInput, rawInput);
    await this.deps.prisma.billingSettings.upsert({
      where: { userId: viewer.id },
      create: { userId: viewer.id, planType },
      update: { planType },
    });
    return planType;
  }

  async maskedApiKey(viewer: Viewer): Promise<string | null> {
    return (await this.settingsOf(viewer.id))?.apiKeyHint ?? null;
  }

  /**
   * Saves the customer's own provider key, encrypted; answers its masked form. An empty key (the
   * client's "switch to subscription" with an empty input) stores nothing and keeps any saved key,
   * and so does sending the masked key back.
   */
  async setApiKey(viewer: Viewer, rawInput: unknown): Promise<SavedApiKey> {
    const key = (parseInput(setApiKeyInput, rawInput).apiKey ?? '').trim();
    const current = await this.maskedApiKey(viewer);
    if (key === '' || key === current) return { apiKey: current, saved: false };
    if (!isValidApiKeyShape(key)) {
      const message = BILLING_MESSAGES.apiKeyInvalid;
      throw new ValidationError(message, [{ path: 'apiKey', message }], 'API_KEY_INVALID');
    }
    const sealed = { encryptedApiKey: this.deps.secrets.encrypt(key), apiKeyHint: maskSecret(key) };
    await this.deps.prisma.billingSettings.upsert({
      where: { userId: viewer.id },
      create: { userId: viewer.id, ...sealed },
      update: sealed,
    });
    return { apiKey: sealed.apiKeyHint, saved: true };
  }

  async clearApiKey(viewer: Viewer): Promise<void> {
    await this.deps.prisma.billingSettings.updateMany({
      where: { userId: viewer.id },
      data: { encryptedApiKey: null, apiKeyHint: null },
    });
  }

  async creditBalance(viewer: Viewer): Promise<CreditBalance> {
    return balanceOf(await this.settingsOf(viewer.id));
  }

  /** The paid subscription that counts now (active, not past its period), with its plan; null when none. */
  activeSubscription(viewer: Viewer): Promise<SubscriptionWithPlan | null> {
    return findActiveSubscription(this.deps.prisma, viewer.id, this.deps.clock.now());
  }

  async overview(viewer: Viewer): Promise<BillingOverview> {
    const now = this.deps.clock.now();
    const [settings, subscription, trial] = await Promise.all([
      this.settingsOf(viewer.id),
      findActiveSubscription(this.deps.prisma, viewer.id, now),
      findTrial(this.deps.prisma, viewer.id),
    ]);
    return {
      userId: viewer.id,
      planType: billingModeOf(settings),
      apiKey: settings?.apiKeyHint ?? null,
      credits: balanceOf(settings),
      subscription,
      trial: trial && !subscription ? trialView(trial, now) : null,
    };
  }

  /**
   * How a customer pays for a usage, from the columns another domain read with its own rows through
   * `payingStandingSql` (credits.ts): billing mode, own key (decrypted here), balance, current plan.
   */
  payingStanding(row: PayingStandingRow, usage: UsageQuantity): PayingStanding {
    return payingStandingOf(row, usage, (sealed) => openSealedApiKey(this.deps.secrets, sealed));
  }

  private settingsOf(userId: string) {
    return this.deps.prisma.billingSettings.findUnique({ where: { userId } });
  }
}
