import { builder } from '../../graphql/builder.ts';
import { UserRef, viewerOnly } from '../auth/schema.ts';
import type { AnswerQuality, DashboardOverview, WeeklyRate } from './service.ts';

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

const WeeklyRateRef = builder.objectRef<WeeklyRate>('WeeklyRate').implement({
  description: 'A share of the answers (0 to 1) in the last 7 days, beside the 7 days before; null for a period without any.',
  authScopes: self,
  fields: (t) => ({
    thisWeek: t.exposeFloat('thisWeek', { nullable: true, description: 'The last 7 days.', authScopes: self }),
    lastWeek: t.exposeFloat('lastWeek', { nullable: true, description: 'The 7 days before.', authScopes: self }),
    change: t.exposeFloat('change', {
      nullable: true,
      description: 'This week minus last week, in percentage points with one decimal; null without both.',
      authScopes: self,
    }),
  }),
});

const TopicRef = builder.objectRef<AnswerQuality['topTopics'][number]>('AskedTopic').implement({
  description: 'Questions alike enough to be one topic (by the words retrieval compares), across bots.',
  authScopes: self,
  fields: (t) => ({
    question: t.exposeString('question', { description: 'Its most recent wording.', authScopes: self }),
    count: t.exposeInt('count', { description: 'Times asked in the last 7 days.', authScopes: self }),
    previousCount: t.exposeInt('previousCount', { description: 'Times asked in the 7 days before.', authScopes: self }),
  }),
});

const AnswerQualityRef = builder.objectRef<AnswerQuality>('AnswerQuality').implement({
  description: "How the viewer's bots answered visitors (widget, WhatsApp, demo; not the test chat) this week against last.",
  authScopes: self,
  fields: (t) => ({
    answeredRate: t.field({
      type: WeeklyRateRef,
      description: "Answers grounded in the bot's knowledge, of all answers.",
      authScopes: self,
      resolve: (quality) => quality.answeredRate,
    }),
    thumbsUpRate: t.field({
      type: WeeklyRateRef,
      description: 'Thumbs up, of the rated answers.',
      authScopes: self,
      resolve: (quality) => quality.thumbsUpRate,
    }),
    topTopics: t.field({
      type: [TopicRef],
      description: 'The five most asked topics of the last 7 days.',
      authScopes: self,
      resolve: (quality) => quality.topTopics,
    }),
  }),
});

builder.objectField(UserRef, 'answerQuality', (t) =>
  t.field({
    type: AnswerQualityRef,
    description: "The dashboard's quality cards: answered rate, thumbs-up rate and most asked topics, this week against last.",
    authScopes: viewerOnly,
    resolve: (user, _args, context) => context.services.dashboard.answerQuality(user.id),
  }),
);
