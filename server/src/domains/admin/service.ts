// The admin's day: platform figures, customers and what an admin does to them, the platform keys.
// (The event log, the WhatsApp traffic and the plan figures are their domains'.) Every method checks the admin first.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { Prisma, type PrismaClient, type User } from '../../generated/prisma/client.ts';
import { notFoundError } from '../../errors.ts';
import type { Clock } from '../../platform/clock/index.ts';
import { maskSecret } from '../../platform/crypto/index.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { searchFilter, type Page } from '../../platform/paging.ts';
import { parseInput } from '../../platform/validation.ts';
import { escapeHtml } from '../../platform/html.ts';
import { assertAdmin, type Viewer } from '../auth/public.ts';
import type { AuthService } from '../auth/service.ts';
import type { BillingService } from '../billing/service.ts';
import { planLabel } from '../billing/public.ts';
import { monthBounds } from '../../platform/periods.ts';
import type { EventCategory, EventsService } from '../events/service.ts';
import type { DataChanges } from '../../platform/dataChanges.ts';
import type { SuspendedWork } from './suspendedWork.ts';
import { ADMIN_CONFIG_KEY_NAMES, type AdminConfigKey, type AdminConfigStore } from '../../platform/settings.ts';
import { adminErrors } from './errors.ts';
import { configValueProblem, CUSTOMER_STATUSES, customerStatus, formatChange, type CustomerStatus } from './rules.ts';

const RECENT_USERS = 5;
const TOP_BOTS = 5;
export const ADMIN_CATEGORY = 'admin' satisfies EventCategory;

export interface CustomerRow {
  id: string;
  name: string;
  email: string;
  role: User['role'];
  plan: string;
  status: CustomerStatus;
  joinDate: Date;
  lastActive: Date | null;
  bots: number;
  conversations: number;
  revenue: number;
  creditBalance: number;
}

export interface AdminOverview {
  totalUsers: number;
  activeBots: number;
  conversations: number;
  revenue: number;
  usersChange: string;
  botsChange: string;
  conversationsChange: string;
  revenueChange: string;
  recentUsers: CustomerRow[];
  topBots: { name: string; owner: string; conversations: number }[];
}

export interface ConfigEntry {
  key: AdminConfigKey;
  value: string;
  isSet: boolean;
  updatedAt: Date | null;
}

const customerFilter = z.object({
  search: searchFilter,
  status: z.enum(['all', ...CUSTOMER_STATUSES], { error: `status must be one of: all, ${CUSTOMER_STATUSES.join(', ')}` }).default('all'),
});

const creditGrantInput = z.object({
  amount: z.coerce
    .number({ error: 'amount must be a number' })
    .positive({ error: 'amount must be greater than 0' })
    .max(1_000_000, { error: 'amount must be at most 1,000,000' })
    .refine((amount) => Number.isInteger(amount * 10_000), { error: 'amount can have at most 4 decimal places' }),
  reason: z
    .string({ error: 'reason is required' })
    .trim()
    .min(1, { error: 'reason is required' })
    .max(500, { error: 'reason must be at most 500 characters' }),
});

/** Line breaks of any kind: in a mail header they would start a header of the sender's choosing. */
const LINE_BREAK = /[\r\n\u0085\u2028\u2029]/;

const customerEmailInput = z.object({
  subject: z
    .string({ error: 'subject is required' })
    // Checked before trimming: a subject is one line, wherever the break is.
    .refine((subject) => !LINE_BREAK.test(subject), { error: 'subject must be a single line' })
    .trim()
    .min(1, { error: 'subject is required' })
    .max(200, { error: 'subject must be at most 200 characters' }),
  message: z
    .string({ error: 'message is required' })
    .trim()
    .min(1, { error: 'message is required' })
    .max(10_000, { error: 'message must be at most 10,000 characters' }),
});

const configInput = z.object({
  key: z.enum(ADMIN_CONFIG_KEY_NAMES as [AdminConfigKey, ...AdminConfigKey[]], {
    error: `key must be one of: ${ADMIN_CONFIG_KEY_NAMES.join(', ')}`,
  }),
  value: z.string({ error: 'value must be text' }).trim().max(2000, { error: 'value must be at most 2000 characters' }),
});

const customersOnly = { role: 'customer' } as const satisfies Prisma.UserWhereInput;
const conversationSessions = { channel: { not: 'test' } } as const satisfies Prisma.ChatSessionWhereInput;
const paidPayments = { status: 'paid' } as const satisfies Prisma.PaymentWhereInput;

interface AdminDependencies {
  prisma: PrismaClient;
  clock: Clock;
  events: EventsService;
  adminConfig: AdminConfigStore;
  billing: BillingService;
  mailer: Mailer;
  /** Access tokens are checked without reading the user's row, so a suspension revokes them there. */
  sessions: Pick<AuthService, 'revokeAccessTokensOf'>;
  /** What replicas keep of a customer (their answer contexts, cached responses) goes when their status changes. */
  changes: Pick<DataChanges, 'customersChanged'>;
  /** A suspended customer's queued work is held; enabling them queues it again. */
  work: Pick<SuspendedWork, 'release'>;
}

export class AdminService {
  constructor(private readonly deps: AdminDependencies) {}

  /** The gate of the admin's GraphQL: nothing for anyone else. */
  platform(viewer: Viewer | null): { viewer: Viewer } {
    assertAdmin(viewer);
    return { viewer };
  }

  // ---------------------------------------------------------------- overview

  async overview(viewer: Viewer | null): Promise<AdminOverview> {
    assertAdmin(viewer);
    const { prisma } = this.deps;
    const { thisMonth, lastMonth } = monthBounds(this.deps.clock.now());
    const during = (from: Date, to?: Date) => ({ gte: from, ...(to ? { lt: to } : {}) });
    const revenueBetween = async (from: Date, to?: Date) =>
      (
        await prisma.payment.aggregate({ where: { ...paidPayments, paidAt: during(from, to) }, _sum: { amount: true } })
      )._sum.amount?.toNumber() ?? 0;
    const [totalUsers, usersNow, usersBefore, activeBots, botsNow, botsBefore, conversations, conversationsNow, conversationsBefore] =
      await Promise.all([
        prisma.user.count({ where: customersOnly }),
        prisma.user.count({ where: { ...customersOnly, createdAt: during(thisMonth) } }),
        prisma.user.count({ where: { ...customersOnly, createdAt: during(lastMonth, thisMonth) } }),
        prisma.bot.count({ where: { ownerId: { not: null }, isActive: true } }),
        prisma.bot.count({ where: { ownerId: { not: null }, createdAt: during(thisMonth) } }),
        prisma.bot.count({ where: { ownerId: { not: null }, createdAt: during(lastMonth, thisMonth) } }),
        prisma.chatSession.count({ where: { ...conversationSessions, bot: { ownerId: { not: null } } } }),
        prisma.chatSession.count({ where: { ...conversationSessions, bot: { ownerId: { not: null } }, createdAt: during(thisMonth) } }),
        prisma.chatSession.count({
          where: { ...conversationSessions, bot: { ownerId: { not: null } }, createdAt: during(lastMonth, thisMonth) },
        }),
      ]);
    const [revenueNow, revenueBefore, newest, busiest] = await Promise.all([
      revenueBetween(thisMonth),
      revenueBetween(lastMonth, thisMonth),
      prisma.user.findMany({ where: customersOnly, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: RECENT_USERS }),
      prisma.chatSession.groupBy({
        by: ['botId'],
        where: { ...conversationSessions, bot: { ownerId: { not: null } } },
        _count: { _all: true },
        orderBy: { _count: { botId: 'desc' } },
        take: TOP_BOTS,
      }),
    ]);
    const bots = await prisma.bot.findMany({
      where: { id: { in: busiest.map((row) => row.botId) } },
      select: { id: true, name: true, owner: { select: { fullName: true, email: true } } },
    });
    const botById = new Map(bots.map((bot) => [bot.id, bot]));
    return {
      totalUsers,
      activeBots,
      conversations,
      revenue: revenueNow,
      usersChange: formatChange(usersNow, usersBefore),
      botsChange: formatChange(botsNow, botsBefore),
      conversationsChange: formatChange(conversationsNow, conversationsBefore),
      revenueChange: formatChange(revenueNow, revenueBefore),
      recentUsers: await this.rowsOf(newest),
      topBots: busiest.map((row) => {
        const bot = botById.get(row.botId);
        return { name: bot?.name ?? '', owner: bot?.owner?.fullName || bot?.owner?.email || '', conversations: row._count._all };
      }),
    };
  }

  // ---------------------------------------------------------------- customers

  /** Customers matching the filter, newest first, with their figures; `total` counts every match. */
  async customers(viewer: Viewer | null, rawFilter: unknown, page: Page): Promise<{ rows: CustomerRow[]; total: number }> {
    assertAdmin(viewer);
    const where = this.customersWhere(parseInput(customerFilter, rawFilter ?? {}));
    const [total, users] = await Promise.all([
      this.deps.prisma.user.count({ where }),
      this.deps.prisma.user.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip: page.offset, take: page.limit }),
    ]);
    return { rows: await this.rowsOf(users), total };
  }

  async customerStats(viewer: Viewer | null): Promise<Record<'total' | CustomerStatus, number>> {
    assertAdmin(viewer);
    const count = (status: CustomerStatus | 'all') => this.deps.prisma.user.count({ where: this.customersWhere({ status }) });
    const [total, active, trial, suspended, inactive] = await Promise.all([
      count('all'),
      count('active'),
      count('trial'),
      count('suspended'),
      count('inactive'),
    ]);
    return { total, active, trial, suspended, inactive };
  }

  /** One customer by id, or null (a Relay node lookup). */
  async customer(viewer: Viewer | null, userId: string): Promise<CustomerRow | null> {
    assertAdmin(viewer);
    const user = await this.deps.prisma.user.findFirst({ where: { id: userId, ...customersOnly } });
    return user ? ((await this.rowsOf([user]))[0] ?? null) : null;
  }

  /**
   * Suspends a customer and stops them everywhere at once: their refresh tokens go, access tokens stop
   * working, and what every replica keeps of them (a widget question's bot and standing, cached
   * responses) is revoked, so their bots refuse from the next request on (see ChatService). Their
   * queued work is held from its next job on (see SuspendedWork).
   */
  async suspend(viewer: Viewer | null, userId: string): Promise<CustomerRow> {
    assertAdmin(viewer);
    const user = await this.findUser(userId);
    if (user.role === 'ADMIN') throw adminErrors.cannotSuspendAdmin();
    await this.deps.prisma.$transaction([
      this.deps.prisma.user.update({ where: { id: user.id }, data: { status: 'suspended' } }),
      this.deps.prisma.refreshToken.deleteMany({ where: { userId: user.id } }),
    ]);
    await this.deps.sessions.revokeAccessTokensOf(user.id);
    await this.deps.changes.customersChanged([user.id]);
    await this.deps.events.record({ event: `Customer suspended: ${user.email}`, category: ADMIN_CATEGORY, userId: viewer.id });
    return this.requireRow(user.id);
  }

  /** Enables a customer: their bots answer again on every replica, and the work held meanwhile is queued again. */
  async enable(viewer: Viewer | null, userId: string): Promise<CustomerRow> {
    assertAdmin(viewer);
    const user = await this.findUser(userId);
    await this.deps.prisma.user.update({ where: { id: user.id }, data: { status: 'active' } });
    await this.deps.changes.customersChanged([user.id]);
    await this.deps.work.release(user.id);
    await this.deps.events.record({ event: `Customer enabled: ${user.email}`, category: ADMIN_CATEGORY, userId: viewer.id });
    return this.requireRow(user.id);
  }

  /** A support grant: one ledger entry on the customer's account, with the admin's reason as its description. */
  async grantCredits(viewer: Viewer | null, userId: string, rawInput: unknown): Promise<CustomerRow> {
    assertAdmin(viewer);
    const input = parseInput(creditGrantInput, rawInput);
    const user = await this.findUser(userId);
    await this.deps.billing.grantCredits(user.id, {
      kind: 'adjustment',
      amount: input.amount,
      idempotencyKey: `admin-grant:${randomUUID()}`,
      description: `Support grant: ${input.reason}`,
    });
    await this.deps.events.record({
      event: `Credits granted: ${input.amount} to ${user.email}`,
      category: 'billing',
      details: input.reason,
      userId: viewer.id,
    });
    return this.requireRow(user.id);
  }

  async sendEmail(viewer: Viewer | null, userId: string, rawInput: unknown): Promise<{ message: string }> {
    assertAdmin(viewer);
    const input = parseInput(customerEmailInput, rawInput);
    const user = await this.findUser(userId);
    const paragraphs = input.message
      .split(/\r?\n\s*\r?\n/)
      .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\r?\n/g, '<br>')}</p>`)
      .join('');
    await this.deps.mailer.send({ to: user.email, subject: input.subject, text: input.message, html: paragraphs });
    await this.deps.events.record({
      event: `Email sent to ${user.email}`,
      category: ADMIN_CATEGORY,
      details: input.subject,
      userId: viewer.id,
    });
    return { message: `Email sent to ${user.email}` };
  }

  // ---------------------------------------------------------------- platform keys

  async config(viewer: Viewer | null): Promise<ConfigEntry[]> {
    assertAdmin(viewer);
    const rows = await this.deps.prisma.adminConfig.findMany({ where: { key: { in: [...ADMIN_CONFIG_KEY_NAMES] } } });
    const updatedAt = new Map(rows.map((row) => [row.key, row.updatedAt]));
    return Promise.all(
      ADMIN_CONFIG_KEY_NAMES.map(async (key) => this.entryOf(key, await this.deps.adminConfig.get(key), updatedAt.get(key))),
    );
  }

  /** Saves one key (validated for that key; empty clears it). The next call that needs it reads it: no restart. */
  async setConfig(viewer: Viewer | null, rawInput: unknown): Promise<ConfigEntry> {
    assertAdmin(viewer);
    const { key, value } = parseInput(configInput, rawInput);
    const problem = configValueProblem(key, value);
    if (problem) throw adminErrors.invalidConfigValue(key, problem);
    await this.deps.adminConfig.set(key, value, viewer.id);
    await this.deps.events.record({
      event: value === '' ? `Config cleared: ${key}` : `Config updated: ${key}`,
      category: ADMIN_CATEGORY,
      userId: viewer.id,
    });
    const row = await this.deps.prisma.adminConfig.findUnique({ where: { key } });
    return this.entryOf(key, value === '' ? undefined : value, row?.updatedAt);
  }

  private entryOf(key: AdminConfigKey, value: string | undefined, updatedAt: Date | undefined): ConfigEntry {
    return { key, value: value ? maskSecret(value) : '', isSet: value !== undefined, updatedAt: updatedAt ?? null };
  }

  // ---------------------------------------------------------------- helpers

  private async findUser(userId: string): Promise<User> {
    const user = await this.deps.prisma.user.findUnique({ where: { id: userId } });
    if (!user) throw notFoundError('Customer');
    return user;
  }

  private async requireRow(userId: string): Promise<CustomerRow> {
    const user = await this.deps.prisma.user.findUniqueOrThrow({ where: { id: userId } });
    return (await this.rowsOf([user]))[0]!;
  }

  /**
   * A status as a where clause, mirroring `customerStatus`: suspended first, then active (paid plan or
   * credits left), then trial, else inactive.
   */
  private customersWhere(filter: { search?: string | undefined; status: CustomerStatus | 'all' }): Prisma.UserWhereInput {
    const now = this.deps.clock.now();
    const paying: Prisma.UserWhereInput = {
      OR: [
        { subscriptions: { some: { status: 'active', expiresAt: { gt: now } } } },
        { billingSettings: { is: { totalCredits: { gt: this.deps.prisma.billingSettings.fields.usedCredits } } } },
      ],
    };
    const onTrial: Prisma.UserWhereInput = { subscriptions: { some: { status: 'trialing', expiresAt: { gt: now } } } };
    const notSuspended: Prisma.UserWhereInput = { status: { not: 'suspended' } };
    const byStatus: Record<CustomerStatus, Prisma.UserWhereInput> = {
      suspended: { status: 'suspended' },
      active: { AND: [notSuspended, paying] },
      trial: { AND: [notSuspended, { NOT: paying }, onTrial] },
      inactive: { AND: [notSuspended, { NOT: paying }, { NOT: onTrial }] },
    };
    const conditions: Prisma.UserWhereInput[] = [customersOnly];
    if (filter.status !== 'all') conditions.push(byStatus[filter.status]);
    if (filter.search) {
      const contains = { contains: filter.search, mode: 'insensitive' } as const;
      conditions.push({ OR: [{ fullName: contains }, { email: contains }] });
    }
    return { AND: conditions };
  }

  /** The figures of a page of users, in a fixed number of queries whatever the page size. */
  private async rowsOf(users: readonly User[]): Promise<CustomerRow[]> {
    if (users.length === 0) return [];
    const { prisma } = this.deps;
    const now = this.deps.clock.now();
    const userIds = users.map((user) => user.id);
    const [subscriptions, settings, bots, conversations, revenue] = await Promise.all([
      prisma.subscription.findMany({
        where: { userId: { in: userIds }, status: { in: ['active', 'trialing'] }, expiresAt: { gt: now } },
        orderBy: { expiresAt: 'desc' },
        include: { plan: true },
      }),
      prisma.billingSettings.findMany({ where: { userId: { in: userIds } } }),
      prisma.bot.groupBy({ by: ['ownerId'], where: { ownerId: { in: userIds } }, _count: { _all: true } }),
      prisma.$queryRaw<{ ownerId: string; conversations: number }[]>`
        SELECT b."ownerId" AS "ownerId", COUNT(*)::int AS conversations
        FROM "chat_sessions" s JOIN "bots" b ON b."id" = s."botId"
        WHERE s."channel" <> 'test' AND b."ownerId" IN (${Prisma.join(userIds)})
        GROUP BY b."ownerId"`,
      prisma.payment.groupBy({ by: ['userId'], where: { ...paidPayments, userId: { in: userIds } }, _sum: { amount: true } }),
    ]);
    const paid = new Map<string, (typeof subscriptions)[number]>();
    const trials = new Map<string, (typeof subscriptions)[number]>();
    for (const subscription of subscriptions) {
      const byUser = subscription.status === 'active' ? paid : trials;
      if (!byUser.has(subscription.userId)) byUser.set(subscription.userId, subscription);
    }
    const balances = new Map(settings.map((row) => [row.userId, row.totalCredits.sub(row.usedCredits).toNumber()]));
    const botCounts = new Map(bots.map((row) => [row.ownerId, row._count._all]));
    const conversationCounts = new Map(conversations.map((row) => [row.ownerId, Number(row.conversations)]));
    const revenues = new Map(revenue.map((row) => [row.userId, row._sum.amount?.toNumber() ?? 0]));
    return users.map((user) => {
      const creditBalance = balances.get(user.id) ?? 0;
      const plan = paid.get(user.id) ?? trials.get(user.id) ?? null;
      return {
        id: user.id,
        name: user.fullName,
        email: user.email,
        role: user.role,
        plan: planLabel(plan),
        status: customerStatus({
          suspended: user.status === 'suspended',
          hasPaidPlan: paid.has(user.id),
          onTrial: trials.has(user.id),
          creditBalance,
        }),
        joinDate: user.createdAt,
        lastActive: user.lastActiveAt,
        bots: botCounts.get(user.id) ?? 0,
        conversations: conversationCounts.get(user.id) ?? 0,
        revenue: revenues.get(user.id) ?? 0,
        creditBalance,
      };
    });
  }
}
