// GraphQL of visitors asking for a person: each bot's setting, and how many visitors wait now.
import { NotFoundError, ValidationError } from '../../errors.ts';
import { builder } from '../../graphql/builder.ts';
import { UserRef, viewerOnly } from '../auth/schema.ts';
import { BotRef } from '../bots/schema.ts';
import { HANDOFF_LIMITS, isOpenAt, type HandoffSettings, type OpeningHours } from './handoff.ts';
import { handoffSettings } from './handoffService.ts';

const OpeningHoursRef = builder.objectRef<OpeningHours>('OpeningHours').implement({
  description: "When a person can answer on one weekday, in the bot's time zone.",
  authScopes: { authenticated: true },
  fields: (t) => ({
    day: t.exposeInt('day', { description: '0 is Sunday, 6 Saturday.' }),
    opens: t.exposeString('opens', { description: 'HH:MM' }),
    closes: t.exposeString('closes', { description: 'HH:MM, after `opens` (24:00 for midnight).' }),
  }),
});

const BotHandoffRef = builder.objectRef<HandoffSettings>('BotHandoff').implement({
  description: 'Whether and when visitors may ask for a person of yours ("Talk to a person").',
  authScopes: { authenticated: true },
  fields: (t) => ({
    enabled: t.exposeBoolean('enabled', {
      description: 'The widget offers "Talk to a person", and the bot offers a person when it cannot help.',
    }),
    waitMinutes: t.exposeInt('waitMinutes', {
      description: 'How long a visitor waits for a person before the bot asks for an email address to reply to.',
    }),
    timeZone: t.exposeString('timeZone', { description: 'The IANA time zone of the opening hours, such as Europe/Paris.' }),
    openingHours: t.field({
      type: [OpeningHoursRef],
      description: 'When a person can answer; none: at any hour. Outside them the bot asks for an email address at once.',
      resolve: (settings) => settings.openingHours,
    }),
    openNow: t.boolean({
      description: 'Whether the opening hours hold now.',
      resolve: (settings, _args, context) => isOpenAt(settings.openingHours, settings.timeZone, context.clock.now()),
    }),
  }),
});

builder.prismaObjectField(BotRef, 'handoff', (t) =>
  t.field({
    type: BotHandoffRef,
    select: { handoffEnabled: true, handoffWaitMinutes: true, timeZone: true, openingHours: true },
    resolve: (bot) => handoffSettings(bot),
  }),
);

const OpeningHoursInput = builder.inputType('OpeningHoursInput', {
  fields: (t) => ({
    day: t.int({ required: true, description: '0 is Sunday, 6 Saturday.' }),
    opens: t.string({ required: true, description: 'HH:MM' }),
    closes: t.string({ required: true, description: 'HH:MM, after `opens` (24:00 for midnight).' }),
  }),
});

const BotHandoffInput = builder.inputType('BotHandoffInput', {
  description: 'A bot\'s "Talk to a person" setting; only the given fields change.',
  fields: (t) => ({
    enabled: t.boolean(),
    waitMinutes: t.int({ description: `${HANDOFF_LIMITS.waitMinutes.min} to ${HANDOFF_LIMITS.waitMinutes.max}` }),
    timeZone: t.string({ description: 'An IANA time zone such as Europe/Paris' }),
    openingHours: t.field({
      type: [OpeningHoursInput],
      description: `At most ${HANDOFF_LIMITS.openings}, not overlapping; an empty list: at any hour.`,
    }),
  }),
});

builder.mutationField('setBotHandoff', (t) =>
  t.prismaField({
    type: 'Bot',
    description: 'Sets whether and when visitors of one of your bots may ask for a person.',
    authScopes: { customer: true },
    errors: { types: [ValidationError, NotFoundError] },
    args: { botId: t.arg.globalID({ for: [BotRef], required: true }), input: t.arg({ type: BotHandoffInput, required: true }) },
    resolve: async (query, _root, args, context) => {
      const input = Object.fromEntries(Object.entries(args.input).filter(([, value]) => value !== null && value !== undefined));
      await context.services.handoff.set(context.viewer!.id, args.botId.id, input);
      return context.prisma.bot.findUniqueOrThrow({ ...query, where: { id: args.botId.id } });
    },
  }),
);

builder.prismaObjectField(UserRef, 'waitingConversationsCount', (t) =>
  t.int({
    description: 'How many conversations of your bots wait for a person now (the inbox badge).',
    authScopes: viewerOnly,
    resolve: (user, _args, context) => context.services.inbox.waitingCount(user.id),
  }),
);
