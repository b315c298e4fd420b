import { AuthenticationError, ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import { builder } from '../../graphql/builder.ts';

const admin = { admin: true } as const;
const refused = [AuthenticationError, ForbiddenError] as const;

export const TemplatePromptRef = builder.prismaNode('TemplatePrompt', {
  id: { field: 'id' },
  description: 'A demo template: the prompt a visitor starts the timed demo from.',
  authScopes: admin,
  fields: (t) => ({
    useCase: t.exposeString('useCase', { description: 'customer-support, lead-generation, faq-bot, ...', authScopes: admin }),
    title: t.exposeString('title', { description: 'Shown to demo visitors.', authScopes: admin }),
    description: t.exposeString('description', { description: 'One line under the title.', authScopes: admin }),
    languageCode: t.exposeString('languageCode', { description: 'e.g. en, fr', authScopes: admin }),
    promptText: t.exposeString('promptText', { description: "The demo bot's system prompt.", authScopes: admin }),
  }),
});

const TemplatePromptInput = builder.inputType('TemplatePromptInput', {
  description: 'Title and prompt text are required on creation; an update changes only the fields it names.',
  fields: (t) => ({
    useCase: t.string(),
    title: t.string(),
    description: t.string(),
    languageCode: t.string(),
    promptText: t.string(),
  }),
});

const DeletedTemplatePromptRef = builder.objectRef<{ deletedId: string }>('DeletedTemplatePromptPayload').implement({
  authScopes: admin,
  fields: (t) => ({
    deletedId: t.globalID({
      description: 'For Relay @deleteRecord',
      authScopes: admin,
      resolve: (payload) => ({ type: 'TemplatePrompt', id: payload.deletedId }),
    }),
  }),
});

/** GraphQL leaves unset input fields out or null; the service reads "left out" as "unchanged". */
const definedFields = (input: Record<string, string | null | undefined>) =>
  Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null && value !== undefined));

builder.mutationField('createTemplatePrompt', (t) =>
  t.field({
    type: TemplatePromptRef,
    description: 'Adds a demo template; at most 3 exist ("Maximum of 3 prompts allowed.").',
    authScopes: admin,
    errors: { types: [...refused, ValidationError, ConflictError] },
    args: { input: t.arg({ type: TemplatePromptInput, required: true }) },
    resolve: (_root, args, context) => context.services.demo.createTemplate(context.viewer, definedFields(args.input)),
  }),
);

builder.mutationField('updateTemplatePrompt', (t) =>
  t.field({
    type: TemplatePromptRef,
    description: 'Changes the fields the input names.',
    authScopes: admin,
    errors: { types: [...refused, ValidationError, NotFoundError] },
    args: { id: t.arg.globalID({ for: [TemplatePromptRef], required: true }), input: t.arg({ type: TemplatePromptInput, required: true }) },
    resolve: (_root, args, context) => context.services.demo.updateTemplate(context.viewer, args.id.id, definedFields(args.input)),
  }),
);

builder.mutationField('deleteTemplatePrompt', (t) =>
  t.field({
    type: DeletedTemplatePromptRef,
    description: 'Removes a demo template; demo bots made from it keep running.',
    authScopes: admin,
    errors: { types: [...refused, NotFoundError] },
    args: { id: t.arg.globalID({ for: [TemplatePromptRef], required: true }) },
    resolve: (_root, args, context) => context.services.demo.deleteTemplate(context.viewer, args.id.id),
  }),
);
