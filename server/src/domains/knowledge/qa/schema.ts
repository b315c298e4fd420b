import { NotFoundError, ValidationError } from '../../../errors.ts';
import { builder } from '../../../graphql/builder.ts';
import { BotRef } from '../../bots/schema.ts';
import { QA_PAIR_LIMITS } from './rules.ts';
import { ownedQaPairWhere } from './service.ts';

export const QaPairRef = builder.prismaNode('QaPair', {
  id: { field: 'id' },
  description:
    "A question with the answer its bot's owner wrote: knowledge beside documents and websites, answered from first when a later question is close enough.",
  // Only the owner of the pair's bot finds it; to anyone else it does not exist.
  findUnique: (id, context) => ownedQaPairWhere(context.viewer?.id ?? null, id),
  nullable: true,
  authScopes: { authenticated: true },
  fields: (t) => ({
    question: t.exposeString('question', { description: `At most ${QA_PAIR_LIMITS.question} characters.` }),
    answer: t.exposeString('answer', { description: `At most ${QA_PAIR_LIMITS.answer} characters.` }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was written.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When it was last rewritten.' }),
    bot: t.relation('bot', { description: 'The bot whose knowledge it is.' }),
  }),
});

builder.prismaObjectField(BotRef, 'qaPairs', (t) =>
  t.relatedConnection('qaPairs', {
    cursor: 'id',
    description: `The bot's Q&A pairs, newest first (at most ${QA_PAIR_LIMITS.perBot}).`,
    query: () => ({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] }),
    totalCount: true,
  }),
);

const QaPairInput = builder.inputType('QaPairInput', {
  fields: (t) => ({
    question: t.string({
      required: true,
      description: `The question, as a visitor would ask it (at most ${QA_PAIR_LIMITS.question} characters).`,
    }),
    answer: t.string({ required: true, description: `The right answer (at most ${QA_PAIR_LIMITS.answer} characters).` }),
  }),
});

builder.mutationField('createQaPair', (t) =>
  t.prismaField({
    type: 'QaPair',
    description: "Adds a Q&A pair to one of your bots' knowledge.",
    authScopes: { customer: true },
    errors: { types: [ValidationError, NotFoundError] },
    args: { botId: t.arg.globalID({ for: [BotRef], required: true }), input: t.arg({ type: QaPairInput, required: true }) },
    resolve: async (query, _root, args, context) => {
      const created = await context.services.qaPairs.create(context.viewer!.id, args.botId.id, args.input);
      return context.prisma.qaPair.findUniqueOrThrow({ ...query, where: { id: created.id } });
    },
  }),
);

builder.mutationField('updateQaPair', (t) =>
  t.prismaField({
    type: 'QaPair',
    description: 'Rewrites the question and answer of one of your Q&A pairs.',
    authScopes: { customer: true },
    errors: { types: [ValidationError, NotFoundError] },
    args: { id: t.arg.globalID({ for: [QaPairRef], required: true }), input: t.arg({ type: QaPairInput, required: true }) },
    resolve: async (query, _root, args, context) => {
      const updated = await context.services.qaPairs.update(context.viewer!.id, args.id.id, args.input);
      return context.prisma.qaPair.findUniqueOrThrow({ ...query, where: { id: updated.id } });
    },
  }),
);

const DeletedQaPairPayload = builder.objectRef<{ deletedId: string; botId: string }>('DeletedQaPairPayload').implement({
  authScopes: { authenticated: true },
  fields: (t) => ({
    deletedId: t.globalID({
      description: 'For Relay @deleteEdge / @deleteRecord.',
      resolve: (payload) => ({ type: 'QaPair', id: payload.deletedId }),
    }),
    botId: t.globalID({ resolve: (payload) => ({ type: 'Bot', id: payload.botId }) }),
  }),
});

builder.mutationField('deleteQaPair', (t) =>
  t.field({
    type: DeletedQaPairPayload,
    description: 'Removes one of your Q&A pairs.',
    authScopes: { customer: true },
    errors: { types: [NotFoundError] },
    args: { id: t.arg.globalID({ for: [QaPairRef], required: true }) },
    resolve: async (_root, args, context) => {
      const deleted = await context.services.qaPairs.delete(context.viewer!.id, args.id.id);
      return { deletedId: deleted.id, botId: deleted.botId };
    },
  }),
);
