import { builder } from '../../graphql/builder.ts';
import { UserRef, viewerOnly } from '../auth/schema.ts';
import type { DashboardOverview } from './service.ts';

const self = { authenticated: true } as const;

const TopBotRef = builder.objectRef<DashboardOverview['topBots'][number]>('TopBot').implement({
  authScopes: self,
  fields: (t) => ({
    name: t.exposeString('name', { authScopes: self }),
    conversations: t.exposeInt('conversations', { authScopes: self }),
    bot: t.globalID({ authScopes: self, resolve: (row) => ({ type: 'Bot', id: row.id }) }),
  }),
});

const ActivityRef = builder.objectRef<DashboardOverview['recentActivity'][number]>('Activity').implement({
  authScopes: self,
  fields: (t) => ({
    event: t.exposeString('event', { authScopes: self }),
    category: t.exposeString('category', { authScopes: self }),
    level: t.exposeString('level', { authScopes: self }),
    timestamp: t.expose('timestamp', { type: 'DateTime', authScopes: self }),
  }),
});

const CHANGE = 'This month against last, in percent with one decimal; null when last month had none and this one has some.';

const DashboardRef = builder.objectRef<DashboardOverview>('Dashboard').implement({
  description: "This month against last month, from the viewer's real bots and conversations.",
  authScopes: self,
  fields: (t) => ({
    totalBots: t.exposeInt('totalBots', { authScopes: self }),
    botsChange: t.exposeFloat('botsChange', { nullable: true, description: CHANGE, authScopes: self }),
    totalConversations: t.exposeInt('totalConversations', { authScopes: self }),
    conversationsChange: t.exposeFloat('conversationsChange', { nullable: true, description: CHANGE, authScopes: self }),
    avgResponseTime: t.exposeFloat('avgResponseTime', { description: 'Seconds', authScopes: self }),
    avgResponseTimeChange: t.exposeFloat('avgResponseTimeChange', { nullable: true, description: CHANGE, authScopes: self }),
    topBots: t.field({ type: [TopBotRef], authScopes: self, resolve: (overview) => overview.topBots }),
    recentActivity: t.field({ type: [ActivityRef], authScopes: self, resolve: (overview) => overview.recentActivity }),
  }),
});

builder.objectField(UserRef, 'dashboard', (t) =>
  t.field({
    type: DashboardRef,
    authScopes: viewerOnly,
    resolve: (user, _args, context) => context.services.dashboard.overview(user.id),
  }),
);
