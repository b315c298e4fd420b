// The price list: payment plans (subscriptions and credit packs) and the credit rates usage is
// charged at. Everyone reads it; only an admin changes it, and the admin sees the revenue it brings.
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import type { CreditRate, PaymentPlan, PrismaClient } from '../../generated/prisma/client.ts';
import { notFoundError, ValidationError } from '../../errors.ts';
import type { Clock } from '../../platform/clock/index.ts';
import { isUniqueViolation } from '../../platform/database/errors.ts';
import { withoutTranslationsOf } from '../../platform/i18n/index.ts';
import { monthBounds } from '../../platform/periods.ts';
import { parseInput } from '../../platform/validation.ts';
import { assertAdmin, isAdmin, type Viewer } from '../auth/public.ts';
import { billingErrors } from './errors.ts';
import type { RecordBillingNote } from './notes.ts';
import { formatMoney } from './money.ts';
import {
  assertValidPlan,
  createPlanInput,
  createRateInput,
  draftFromCreateInput,
  draftOf,
  draftWithEdit,
  editPlanInput,
  idField,
  planTypeField,
  updateRateInput,
} from './priceListInput.ts';
import { type RevenueSummary, summarizeRevenue } from './revenue.ts';
import { BILLING_MESSAGES } from './rules.ts';

const TRANSLATED_PLAN_FIELDS = ['name', 'description', 'features'] as const;

const listPlansInput = z.object({
  // The spec's client may send any plan_type: one this server does not know filters nothing.
  type: planTypeField.nullish().catch(null),
  includeInactive: z.boolean().nullish(),
});

interface PriceListDependencies {
  prisma: PrismaClient;
  clock: Clock;
  record: RecordBillingNote;
}

export interface PlanStats {
  totalPlans: number;
  activePlans: number;
  subscribers: number;
  monthlyRevenue: number;
}

export class PaymentPlanService {
  constructor(private readonly deps: PriceListDependencies) {}

  /** Active plans for everyone; every plan for an admin unless `includeInactive` is false. */
  list(viewer: Viewer | null, rawFilter: unknown = {}): Promise<PaymentPlan[]> {
    const filter = parseInput(listPlansInput, rawFilter);
    // Admins see the whole price list, inactive plans included.
    const all = isAdmin(viewer) && filter.includeInactive !== false;
    return this.deps.prisma.paymentPlan.findMany({
      where: { ...(all ? {} : { isActive: true }), ...(filter.type ? { type: filter.type } : {}) },
      orderBy: [{ type: 'asc' }, { price: 'asc' }, { createdAt: 'asc' }],
    });
  }

  /** Any plan, active or not: a purchase checks that it is still on sale. */
  async find(rawId: unknown): Promise<PaymentPlan> {
    const id = parseInput(idField('Plan id'), rawId);
    const plan = await this.deps.prisma.paymentPlan.findUnique({ where: { id } });
    if (!plan) throw notFoundError('PaymentPlan');
    return plan;
  }

  async create(viewer: Viewer, rawInput: unknown): Promise<PaymentPlan> {
    assertAdmin(viewer);
    const draft = assertValidPlan(draftFromCreateInput(parseInput(createPlanInput, rawInput)));
    const plan = await this.deps.prisma.paymentPlan.create({ data: draft });
    await this.deps.record({ event: `Payment plan created: ${plan.name}`, details: planDetails(plan), userId: viewer.id });
    return plan;
  }

  /** An edit of a text field drops that field's translations: they told the old text. */
  async update(viewer: Viewer, rawId: unknown, rawInput: unknown): Promise<PaymentPlan> {
    assertAdmin(viewer);
    const plan = await this.find(rawId);
    const edit = parseInput(editPlanInput, rawInput ?? {});
    if (edit.planType && edit.planType !== plan.type) {
      throw new ValidationError(BILLING_MESSAGES.planTypeFixed, [{ path: 'planType', message: BILLING_MESSAGES.planTypeFixed }]);
    }
    const draft = assertValidPlan(draftWithEdit(draftOf(plan), edit));
    const retold = TRANSLATED_PLAN_FIELDS.filter((field) => !isDeepStrictEqual(draft[field], plan[field]));
    const updated = await this.deps.prisma.paymentPlan.update({
      where: { id: plan.id },
      data: { ...draft, translations: withoutTranslationsOf(plan.translations, retold) },
    });
    await this.deps.record({ event: `Payment plan updated: ${updated.name}`, details: planDetails(updated), userId: viewer.id });
    return updated;
  }

  async toggle(viewer: Viewer, rawId: unknown): Promise<PaymentPlan> {
    assertAdmin(viewer);
    const plan = await this.find(rawId);
    const updated = await this.deps.prisma.paymentPlan.update({ where: { id: plan.id }, data: { isActive: !plan.isActive } });
    await this.deps.record({
      event: `Payment plan ${updated.isActive ? 'activated' : 'deactivated'}: ${updated.name}`,
      userId: viewer.id,
    });
    return updated;
  }

  /** The plans screen's cards: plans, subscribers and this month's paid revenue. */
  async stats(viewer: Viewer | null): Promise<PlanStats> {
    assertAdmin(viewer);
    const { prisma } = this.deps;
    const now = this.deps.clock.now();
    const { thisMonth } = monthBounds(now);
    const [totalPlans, activePlans, subscribers, revenue] = await Promise.all([
      prisma.paymentPlan.count(),
      prisma.paymentPlan.count({ where: { isActive: true } }),
      prisma.subscription.findMany({ where: { status: 'active', expiresAt: { gt: now } }, distinct: ['userId'], select: { userId: true } }),
      prisma.payment.aggregate({ where: { status: 'paid', paidAt: { gte: thisMonth } }, _sum: { amount: true } }),
    ]);
    return { totalPlans, activePlans, subscribers: subscribers.length, monthlyRevenue: revenue._sum.amount?.toNumber() ?? 0 };
  }

  async revenueSummary(viewer: Viewer): Promise<RevenueSummary> {
    assertAdmin(viewer);
    const rows = await this.deps.prisma.$queryRaw<{ year: number; month: number; revenue: string }[]>`
      SELECT EXTRACT(YEAR FROM "paidAt")::int AS year, EXTRACT(MONTH FROM "paidAt")::int AS month, SUM("amount")::text AS revenue
      FROM "payments"
      WHERE "status" = 'paid' AND "paidAt" IS NOT NULL
      GROUP BY 1, 2`;
    return summarizeRevenue(
      rows.map((row) => ({ year: Number(row.year), month: Number(row.month), revenue: row.revenue })),
      this.deps.clock.now(),
    );
  }
}

export class CreditRateService {
  constructor(private readonly deps: Pick<PriceListDependencies, 'prisma'>) {}

  list(): Promise<CreditRate[]> {
    return this.deps.prisma.creditRate.findMany({ orderBy: [{ usageType: 'asc' }, { unitName: 'asc' }] });
  }

  async create(viewer: Viewer, rawInput: unknown): Promise<CreditRate> {
    assertAdmin(viewer);
    const input = parseInput(createRateInput, rawInput);
    try {
      return await this.deps.prisma.creditRate.create({ data: input });
    } catch (error) {
      if (isUniqueViolation(error)) throw billingErrors.creditRateExists(input.usageType, input.unitName);
      throw error;
    }
  }

  /** An edit of a text field drops that field's translations: they told the old text. */
  async update(viewer: Viewer, rawId: unknown, rawInput: unknown): Promise<CreditRate> {
    assertAdmin(viewer);
    const rate = await this.find(rawId);
    const input = parseInput(updateRateInput, rawInput ?? {});
    try {
      return await this.deps.prisma.creditRate.update({ where: { id: rate.id }, data: input });
    } catch (error) {
      if (isUniqueViolation(error))
        throw billingErrors.creditRateExists(input.usageType ?? rate.usageType, input.unitName ?? rate.unitName);
      throw error;
    }
  }

  async delete(viewer: Viewer, rawId: unknown): Promise<CreditRate> {
    assertAdmin(viewer);
    const rate = await this.find(rawId);
    await this.deps.prisma.creditRate.deleteMany({ where: { id: rate.id } });
    return rate;
  }

  private async find(rawId: unknown): Promise<CreditRate> {
    const id = parseInput(idField('Credit rate id'), rawId);
    const rate = await this.deps.prisma.creditRate.findUnique({ where: { id } });
    if (!rate) throw notFoundError('CreditRate');
    return rate;
  }
}

/** A plan in one line of the admin's event log: `subscription plan at 19.00 USD per month`. */
function planDetails(plan: PaymentPlan): string {
  return `${plan.type} plan at ${formatMoney(plan.price, plan.currency)}${plan.billingPeriod ? ` per ${plan.billingPeriod}` : ''}`;
}
