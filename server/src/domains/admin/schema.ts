import { AuthenticationError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { pagedConnection } from '../../graphql/pagedConnection.ts';
import { MessagePayload, RoleEnum } from '../auth/schema.ts';
import type { Viewer } from '../auth/public.ts';
import { EventLevelEnum, SystemEventRef } from '../events/schema.ts';
import { TemplatePromptRef } from '../demo/schema.ts';
import { CUSTOMER_STATUSES } from './rules.ts';
import { PlanStatsRef } from '../billing/schema.ts';
import { WhatsAppAnalyticsRef, WhatsAppLogRef } from '../whatsapp/schema.ts';
import type { AdminOverview, ConfigEntry, CustomerRow } from './service.ts';

const admin = { admin: true } as const;
/** What every admin action can fail with besides its own errors: no token, or a customer's token. */
const refused = [AuthenticationError, ForbiddenError] as const;

const viewerOf = (context: GraphQLContext): Viewer | null => context.viewer;

const CustomerStatusEnum = builder.enumType('CustomerStatus', {
  description: 'Derived: suspended by an admin, active with a paid plan or credits, on a free trial, or inactive after it.',
  values: CUSTOMER_STATUSES,
});
const CustomerStatusFilterEnum = builder.enumType('CustomerStatusFilter', { values: ['all', ...CUSTOMER_STATUSES] as const });

/** The admin's platform: one object, a Node so that Relay can refetch and paginate on it. */
interface Platform {
  viewer: Viewer;
}

const PLATFORM_ID = 'platform';

export const CustomerRef = builder.objectRef<CustomerRow>('Customer');
const AdminRef = builder.objectRef<Platform>('Admin');

builder.node(CustomerRef, {
  description: 'A customer as the admin sees them, with their figures.',
  authScopes: admin,
  id: { resolve: (row) => row.id },
  loadOne: (id, context) => context.services.admin.customer(viewerOf(context), id),
  fields: (t) => ({
    name: t.exposeString('name', { description: 'Full name given at sign-up.', authScopes: admin }),
    email: t.exposeString('email', { description: 'Sign-in email address.', authScopes: admin }),
    role: t.field({ type: RoleEnum, description: 'ADMIN rows cannot be suspended.', authScopes: admin, resolve: (row) => row.role }),
    plan: t.exposeString('plan', { description: 'The plan in lower case (a trial counts), or "free".', authScopes: admin }),
    status: t.field({
      type: CustomerStatusEnum,
      description: 'Derived, see CustomerStatus.',
      authScopes: admin,
      resolve: (row) => row.status,
    }),
    joinDate: t.expose('joinDate', { type: 'DateTime', description: 'When they signed up.', authScopes: admin }),
    lastActive: t.expose('lastActive', {
      type: 'DateTime',
      nullable: true,
      description: 'Null until they first sign in.',
      authScopes: admin,
    }),
    bots: t.exposeInt('bots', { description: 'Bots they own.', authScopes: admin }),
    conversations: t.exposeInt('conversations', { description: "Conversations on their bots' widget and WhatsApp.", authScopes: admin }),
    revenue: t.exposeFloat('revenue', { description: 'All they ever paid, in USD.', authScopes: admin }),
    creditBalance: t.exposeFloat('creditBalance', { description: 'Credits left (total minus used).', authScopes: admin }),
  }),
});

const TopBotRef = builder.objectRef<AdminOverview['topBots'][number]>('AdminTopBot').implement({
  authScopes: admin,
  fields: (t) => ({
    name: t.exposeString('name', { description: 'Bot name.', authScopes: admin }),
    owner: t.exposeString('owner', { description: "The owner's name, or email when unnamed.", authScopes: admin }),
    conversations: t.exposeInt('conversations', { description: 'Widget and WhatsApp conversations, all time.', authScopes: admin }),
  }),
});

const change = 'This month against last month: one decimal and a sign, "+∞%" when last month had none.';

const OverviewRef = builder.objectRef<AdminOverview>('AdminOverview').implement({
  description: 'The platform at a glance.',
  authScopes: admin,
  fields: (t) => ({
    totalUsers: t.exposeInt('totalUsers', { description: 'Customers (admins not counted).', authScopes: admin }),
    activeBots: t.exposeInt('activeBots', { description: "Customers' bots that are switched on.", authScopes: admin }),
    conversations: t.exposeInt('conversations', { description: 'Widget and WhatsApp conversations, all time.', authScopes: admin }),
    revenue: t.exposeFloat('revenue', { description: "This month's paid revenue, USD.", authScopes: admin }),
    usersChange: t.exposeString('usersChange', { description: `Sign-ups. ${change}`, authScopes: admin }),
    botsChange: t.exposeString('botsChange', { description: `Bots created. ${change}`, authScopes: admin }),
    conversationsChange: t.exposeString('conversationsChange', { description: `Conversations started. ${change}`, authScopes: admin }),
    revenueChange: t.exposeString('revenueChange', { description: `Revenue. ${change}`, authScopes: admin }),
    recentUsers: t.field({ type: [CustomerRef], description: 'The newest customers.', authScopes: admin, resolve: (o) => o.recentUsers }),
    topBots: t.field({ type: [TopBotRef], description: 'Bots with the most conversations.', authScopes: admin, resolve: (o) => o.topBots }),
  }),
});

const CustomerStatsRef = builder.objectRef<Record<'total' | (typeof CUSTOMER_STATUSES)[number], number>>('CustomerStats').implement({
  description: 'How many customers are in each status.',
  authScopes: admin,
  fields: (t) => ({
    total: t.exposeInt('total', { description: 'Every customer.', authScopes: admin }),
    active: t.exposeInt('active', { description: 'With a paid plan or credits.', authScopes: admin }),
    trial: t.exposeInt('trial', { description: 'On a free trial.', authScopes: admin }),
    suspended: t.exposeInt('suspended', { description: 'Suspended by an admin.', authScopes: admin }),
    inactive: t.exposeInt('inactive', { description: 'Trial over, nothing paid.', authScopes: admin }),
  }),
});

const ConfigEntryRef = builder.objectRef<ConfigEntry>('AdminConfigEntry').implement({
  description: 'A platform key. Stored encrypted; only ever shown masked.',
  authScopes: admin,
  fields: (t) => ({
    key: t.exposeString('key', {
      description:
        'stripe_secret_key, stripe_webhook_secret, whatsapp_access_token, whatsapp_phone_number_id, whatsapp_verify_token or openai_api_key',
      authScopes: admin,
    }),
    value: t.exposeString('value', { description: 'Masked ("sk_test_…4242"); empty when unset.', authScopes: admin }),
    isSet: t.exposeBoolean('isSet', { description: 'False when the environment default (if any) applies.', authScopes: admin }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', nullable: true, description: 'Last saved; null when unset.', authScopes: admin }),
  }),
});

builder.node(AdminRef, {
  description: 'The platform as its admin sees it: figures, customers, keys, events, WhatsApp traffic and demo templates.',
  authScopes: admin,
  id: { resolve: () => PLATFORM_ID },
  loadOne: (id, context) => (id === PLATFORM_ID && context.viewer?.role === 'ADMIN' ? { viewer: context.viewer } : null),
  fields: (t) => ({
    overview: t.field({
      type: OverviewRef,
      description: 'Totals and month-over-month changes.',
      authScopes: admin,
      resolve: (platform, _args, context) => context.services.admin.overview(platform.viewer),
    }),
    customerStats: t.field({
      type: CustomerStatsRef,
      description: 'Customers per status, for the stats cards.',
      authScopes: admin,
      resolve: (platform, _args, context) => context.services.admin.customerStats(platform.viewer),
    }),
    customers: t.connection(
      {
        type: CustomerRef,
        description: 'Customers, newest first: search matches name or email.',
        authScopes: admin,
        args: {
          search: t.arg.string({ required: false }),
          status: t.arg({ type: CustomerStatusFilterEnum, required: false }),
        },
        resolve: async (platform, args, context) => {
          const filter = { search: args.search ?? undefined, status: args.status ?? undefined };
          return pagedConnection(args, (page) => context.services.admin.customers(platform.viewer, filter, page));
        },
      },
      { fields: (connection) => ({ totalCount: connection.exposeInt('totalCount', { authScopes: admin }) }) },
    ),
    events: t.connection(
      {
        type: SystemEventRef,
        description: 'The system event log, newest first. `level` is derived from the event text; `from`/`to` bound the timestamp.',
        authScopes: admin,
        args: {
          level: t.arg({ type: EventLevelEnum, required: false }),
          category: t.arg.string({ required: false }),
          search: t.arg.string({ required: false, description: 'Matches the event, its details or its category.' }),
          from: t.arg({ type: 'DateTime', required: false }),
          to: t.arg({ type: 'DateTime', required: false }),
        },
        resolve: async (platform, args, context) => {
          const filter = {
            level: args.level ?? undefined,
            category: args.category ?? undefined,
            search: args.search ?? undefined,
            from: args.from ?? undefined,
            to: args.to ?? undefined,
          };
          return pagedConnection(args, (page) => context.services.events.log(platform.viewer, filter, page));
        },
      },
      { fields: (connection) => ({ totalCount: connection.exposeInt('totalCount', { authScopes: admin }) }) },
    ),
    eventCategories: t.stringList({
      description: 'Every category in the event log, for the category filter.',
      authScopes: admin,
      resolve: (platform, _args, context) => context.services.events.categories(platform.viewer),
    }),
    config: t.field({
      type: [ConfigEntryRef],
      description: 'The six platform keys, masked.',
      authScopes: admin,
      resolve: (platform, _args, context) => context.services.admin.config(platform.viewer),
    }),
    planStats: t.field({
      type: PlanStatsRef,
      description: "Plans, subscribers and this month's revenue.",
      authScopes: admin,
      resolve: (platform, _args, context) => context.services.billing.plans.stats(platform.viewer),
    }),
    whatsAppAnalytics: t.field({
      type: WhatsAppAnalyticsRef,
      description: "The WhatsApp channel's three counters.",
      authScopes: admin,
      resolve: (platform, _args, context) => context.services.whatsapp.traffic.analytics(platform.viewer),
    }),
    whatsAppLogs: t.connection(
      {
        type: WhatsAppLogRef,
        description: 'Messages received on WhatsApp with their answers, newest first.',
        authScopes: admin,
        args: { search: t.arg.string({ required: false, description: 'Matches the message, answer, phone, bot name or owner email.' }) },
        resolve: async (platform, args, context) => {
          return pagedConnection(args, (page) =>
            context.services.whatsapp.traffic.logs(platform.viewer, { search: args.search ?? undefined }, page),
          );
        },
      },
      { fields: (connection) => ({ totalCount: connection.exposeInt('totalCount', { authScopes: admin }) }) },
    ),
    templatePrompts: t.field({
      type: [TemplatePromptRef],
      description: 'The demo templates visitors choose from (at most 3).',
      authScopes: admin,
      resolve: (_platform, _args, context) => context.services.demo.templates(),
    }),
  }),
});

builder.queryField('admin', (t) =>
  t.field({
    type: AdminRef,
    description: 'The admin area. A customer gets a ForbiddenError, a visitor an AuthenticationError, never data.',
    authScopes: admin,
    errors: { types: [...refused] },
    resolve: (_root, _args, context) => context.services.admin.platform(viewerOf(context)),
  }),
);

// ---------------------------------------------------------------- actions on customers

const CustomerUpdateRef = builder.objectRef<{ customer: CustomerRow; platform: Platform }>('CustomerUpdate').implement({
  description: 'A customer after an admin action, with the platform whose figures the action changed.',
  authScopes: admin,
  fields: (t) => ({
    customer: t.field({
      type: CustomerRef,
      description: 'The customer, changed.',
      authScopes: admin,
      resolve: (update) => update.customer,
    }),
    admin: t.field({
      type: AdminRef,
      description: 'The admin area as it is now (its customer stats, say).',
      authScopes: admin,
      resolve: (update) => update.platform,
    }),
  }),
});

/** The customer an action changed, and the platform as the admin now sees it. */
async function customerUpdate(context: GraphQLContext, change: Promise<CustomerRow>) {
  return { customer: await change, platform: context.services.admin.platform(viewerOf(context)) };
}

builder.mutationField('suspendCustomer', (t) =>
  t.field({
    type: CustomerUpdateRef,
    description: 'Suspends a customer and ends all their sessions at once. Admins cannot be suspended.',
    authScopes: admin,
    errors: { types: [...refused, NotFoundError] },
    args: { customerId: t.arg.globalID({ for: [CustomerRef], required: true }) },
    resolve: (_root, args, context) => customerUpdate(context, context.services.admin.suspend(viewerOf(context), args.customerId.id)),
  }),
);

builder.mutationField('enableCustomer', (t) =>
  t.field({
    type: CustomerUpdateRef,
    description: 'Lifts a suspension.',
    authScopes: admin,
    errors: { types: [...refused, NotFoundError] },
    args: { customerId: t.arg.globalID({ for: [CustomerRef], required: true }) },
    resolve: (_root, args, context) => customerUpdate(context, context.services.admin.enable(viewerOf(context), args.customerId.id)),
  }),
);

builder.mutationField('grantCustomerCredits', (t) =>
  t.field({
    type: CustomerUpdateRef,
    description: 'A support grant: adds credits with one ledger entry that the customer sees on their billing page, with the reason.',
    authScopes: admin,
    errors: { types: [...refused, NotFoundError, ValidationError] },
    args: {
      customerId: t.arg.globalID({ for: [CustomerRef], required: true }),
      amount: t.arg.float({ required: true }),
      reason: t.arg.string({ required: true }),
    },
    resolve: (_root, args, context) =>
      customerUpdate(
        context,
        context.services.admin.grantCredits(viewerOf(context), args.customerId.id, { amount: args.amount, reason: args.reason }),
      ),
  }),
);

builder.mutationField('sendCustomerEmail', (t) =>
  t.field({
    type: MessagePayload,
    description: 'Emails a customer through the platform mailer.',
    authScopes: admin,
    errors: { types: [...refused, NotFoundError, ValidationError] },
    args: {
      customerId: t.arg.globalID({ for: [CustomerRef], required: true }),
      subject: t.arg.string({ required: true }),
      message: t.arg.string({ required: true }),
    },
    resolve: (_root, args, context) =>
      context.services.admin.sendEmail(viewerOf(context), args.customerId.id, { subject: args.subject, message: args.message }),
  }),
);

builder.mutationField('setAdminConfig', (t) =>
  t.field({
    type: ConfigEntryRef,
    description: 'Saves one platform key (checked for its shape; an empty value clears it). Used from the next request on.',
    authScopes: admin,
    errors: { types: [...refused, ValidationError] },
    args: { key: t.arg.string({ required: true }), value: t.arg.string({ required: true }) },
    resolve: (_root, args, context) => context.services.admin.setConfig(viewerOf(context), args),
  }),
);
