import { ConflictError, NotFoundError, ServiceUnavailableError, ValidationError } from '../../errors.ts';
import { builder } from '../../graphql/builder.ts';
import { ownedBotsWhere } from '../bots/public.ts';
import { BotRef } from '../bots/schema.ts';
import type { RegistrationQr } from './service.ts';
import type { WhatsAppLogRow } from './traffic.ts';

const admin = { admin: true } as const;

/** A phone number linked to a bot; only the bot's owner finds it. */
export const WhatsAppNumberRef = builder.prismaNode('WhatsAppLink', {
  name: 'WhatsAppNumber',
  id: { field: 'id' },
  findUnique: (id, context) => ({ id, bot: ownedBotsWhere(context.viewer?.id ?? null) }),
  nullable: true,
  authScopes: { authenticated: true },
  fields: (t) => ({
    phoneNumber: t.exposeString('phoneNumber', { description: 'Country code and number, digits only.' }),
    linkedAt: t.expose('linkedAt', { type: 'DateTime' }),
  }),
});

builder.prismaObjectField(BotRef, 'whatsAppNumbers', (t) =>
  t.relation('whatsAppLinks', {
    description: 'The WhatsApp numbers this bot answers, newest first.',
    query: { orderBy: [{ linkedAt: 'desc' }, { id: 'desc' }] },
  }),
);

builder.objectField(BotRef, 'whatsAppDelivers', (t) =>
  t.boolean({
    description:
      "Whether messages to this bot's linked numbers reach it: false while an administrator has not configured the platform's WhatsApp (numbers can still be linked).",
    resolve: (_bot, _args, context) => context.services.whatsapp.delivers(),
  }),
);

const WhatsAppRegistrationQrRef = builder.objectRef<RegistrationQr>('WhatsAppRegistrationQr').implement({
  description: 'A QR code of a wa.me link to the platform number; its first message links the sender to the bot.',
  authScopes: { customer: true },
  fields: (t) => ({
    imageDataUrl: t.string({ resolve: (qr) => `data:image/png;base64,${qr.png.toString('base64')}` }),
    link: t.exposeString('link'),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
  }),
});

builder.mutationField('createWhatsAppRegistrationQr', (t) =>
  t.field({
    type: WhatsAppRegistrationQrRef,
    description: 'A fresh one-time registration QR code for the bot (each call makes a new code).',
    authScopes: { customer: true },
    errors: { types: [NotFoundError, ServiceUnavailableError] },
    args: { botId: t.arg.globalID({ for: [BotRef], required: true }) },
    resolve: (_root, args, context) => context.services.whatsapp.registrationQr(context.viewer!.id, args.botId.id),
  }),
);

builder.mutationField('linkWhatsAppNumber', (t) =>
  t.field({
    type: BotRef,
    description: 'Links a phone number (country code and number) to the bot; returns the bot with its numbers.',
    authScopes: { customer: true },
    errors: { types: [ConflictError, NotFoundError, ValidationError] },
    args: {
      botId: t.arg.globalID({ for: [BotRef], required: true }),
      phoneNumber: t.arg.string({ required: true }),
    },
    resolve: async (_root, args, context) =>
      (await context.services.whatsapp.linkNumber(context.viewer!.id, { botId: args.botId.id, phoneNumber: args.phoneNumber })).bot,
  }),
);

builder.mutationField('unlinkWhatsAppNumber', (t) =>
  t.field({
    type: BotRef,
    description: 'Unlinks a number from the bot; returns the bot with its remaining numbers.',
    authScopes: { customer: true },
    errors: { types: [NotFoundError] },
    args: {
      botId: t.arg.globalID({ for: [BotRef], required: true }),
      numberId: t.arg.globalID({ for: [WhatsAppNumberRef], required: true }),
    },
    resolve: (_root, args, context) => context.services.whatsapp.unlinkNumber(context.viewer!.id, args.botId.id, args.numberId.id),
  }),
);

// ---------------------------------------------------------------- the channel's traffic (admin)

export const WhatsAppAnalyticsRef = builder
  .objectRef<{ whatsappMessages: number; uniqueWhatsappNumbers: number; messagesToday: number }>('WhatsAppAnalytics')
  .implement({
    authScopes: admin,
    fields: (t) => ({
      whatsappMessages: t.exposeInt('whatsappMessages', { description: 'Messages received on WhatsApp, all time.', authScopes: admin }),
      uniqueWhatsappNumbers: t.exposeInt('uniqueWhatsappNumbers', { description: 'Distinct phone numbers that wrote.', authScopes: admin }),
      messagesToday: t.exposeInt('messagesToday', { description: 'Messages received since midnight UTC.', authScopes: admin }),
    }),
  });

export const WhatsAppLogRef = builder.objectRef<WhatsAppLogRow>('WhatsAppLog');
builder.node(WhatsAppLogRef, {
  description: "A message received on WhatsApp and the bot's answer.",
  authScopes: admin,
  id: { resolve: (row) => row.id },
  loadOne: async (id, context) => context.services.whatsapp.traffic.log(context.viewer, id),
  fields: (t) => ({
    timestamp: t.expose('timestamp', { type: 'DateTime', description: 'When the message arrived.', authScopes: admin }),
    phone: t.exposeString('phone', { description: "The sender's number.", authScopes: admin }),
    userName: t.exposeString('userName', { description: "The bot owner's name.", authScopes: admin }),
    userEmail: t.exposeString('userEmail', { description: "The bot owner's email.", authScopes: admin }),
    botName: t.exposeString('botName', { description: 'The bot that answered.', authScopes: admin }),
    message: t.exposeString('message', { description: 'What the sender wrote.', authScopes: admin }),
    response: t.exposeString('response', { description: 'Empty while unanswered.', authScopes: admin }),
  }),
});
