import { AuthenticationError, ConflictError, ForbiddenError, NotFoundError, RateLimitError, ValidationError } from '../../errors.ts';
import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { EMAIL_CHANGED_MESSAGE, EMAIL_VERIFIED_MESSAGE, PASSWORD_RESET_MESSAGE, REGISTERED_MESSAGE } from './inputs.ts';
import { type TokenPair, visibleUserWhere } from './service.ts';

export const RoleEnum = builder.enumType('Role', { values: ['ADMIN', 'customer'] as const });
const UserStatusEnum = builder.enumType('UserStatus', { values: ['active', 'trial', 'suspended'] as const });

/** Fields of a user that only that user reads (an admin who can see the user does not see these). */
export const viewerOnly = (user: { id: string }, _args: unknown, context: GraphQLContext) => context.viewer?.id === user.id;

export const UserRef = builder.prismaNode('User', {
  id: { field: 'id' },
  // Select mode: a field reads only its own columns, so a user known by id alone (the viewer, from the
  // token) loads the row only when a field asks for it, once per request (the prisma plugin's loader).
  select: { id: true },
  // A user is found by themself and by admins only (the service's filter); to anyone else it does not exist.
  findUnique: (id, context) => visibleUserWhere(context.viewer, id),
  nullable: true,
  authScopes: { authenticated: true },
  fields: (t) => ({
    email: t.exposeString('email', { authScopes: { authenticated: true } }),
    fullName: t.exposeString('fullName', { authScopes: { authenticated: true } }),
    role: t.expose('role', { type: RoleEnum, authScopes: { authenticated: true } }),
    status: t.expose('status', { type: UserStatusEnum, authScopes: { authenticated: true } }),
    emailVerified: t.boolean({
      authScopes: { authenticated: true },
      select: { emailVerifiedAt: true },
      resolve: (user) => user.emailVerifiedAt !== null,
    }),
    avatarUrl: t.exposeString('avatarUrl', { nullable: true, authScopes: { authenticated: true } }),
    emailNotifications: t.exposeBoolean('emailNotifications', { authScopes: { authenticated: true } }),
    waitingVisitorEmails: t.exposeBoolean('waitingVisitorEmails', {
      authScopes: { authenticated: true },
      description: 'Emailed when a visitor of your bots asks for a person (Settings › Notifications).',
    }),
    hasPassword: t.boolean({
      description: 'Whether the user can sign in with a password (an account created through Google has none until set).',
      authScopes: viewerOnly,
      select: { passwordHash: true },
      resolve: (user) => user.passwordHash !== null,
    }),
    pendingEmail: t.loadable({
      type: 'String',
      nullable: true,
      description: 'The address a requested email change waits to switch to until its link is followed, or null.',
      authScopes: viewerOnly,
      load: (userIds: string[], context) => context.services.auth.account.pendingEmailsOf(userIds),
      resolve: (user) => user.id,
    }),
    plan: t.loadable({
      type: 'String',
      description: 'The paid plan (else the running free trial\'s plan) in lower case (starter, pro, enterprise...), or "free".',
      authScopes: { authenticated: true },
      // Batched per request: a page of users costs one query for all their plans.
      load: (userIds: string[], context) => context.services.auth.account.plansOf(userIds),
      resolve: (user) => user.id,
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', authScopes: { authenticated: true } }),
  }),
});

const AuthPayload = builder.objectRef<TokenPair>('AuthPayload').implement({
  authScopes: { public: true },
  fields: (t) => ({
    accessToken: t.exposeString('accessToken', { authScopes: { public: true } }),
    refreshToken: t.exposeString('refreshToken', { authScopes: { public: true } }),
    expiresIn: t.exposeInt('expiresIn', { description: 'Seconds until the access token expires.', authScopes: { public: true } }),
    // Only the id: the user's details are read with the new access token (`me`), through the usual checks.
    userId: t.globalID({ authScopes: { public: true }, resolve: (pair) => ({ type: 'User', id: pair.user.id }) }),
    role: t.field({ type: RoleEnum, authScopes: { public: true }, resolve: (pair) => pair.user.role }),
  }),
});

export const MessagePayload = builder.objectRef<{ message: string }>('MessagePayload').implement({
  authScopes: { public: true },
  fields: (t) => ({ message: t.exposeString('message', { authScopes: { public: true } }) }),
});

builder.queryField('me', (t) =>
  t.prismaField({
    type: 'User',
    description: 'The signed-in user.',
    authScopes: { authenticated: true },
    resolve: (query, _root, _args, context) => context.prisma.user.findUniqueOrThrow({ ...query, where: { id: context.viewer!.id } }),
  }),
);

builder.queryField('viewer', (t) =>
  t.field({
    type: UserRef,
    nullable: true,
    description: 'The signed-in user, or null when signed out: the root of everything a customer owns.',
    authScopes: { public: true },
    // The token says who it is; the row is read only for the fields that need it.
    resolve: (_root, _args, context) => (context.viewer ? { id: context.viewer.id } : null),
  }),
);

builder.mutationField('updateAccountSettings', (t) =>
  t.field({
    type: UserRef,
    description:
      "Saves the signed-in user's preferences (email notifications; emails of visitors waiting for a person) and returns the user.",
    authScopes: { authenticated: true },
    errors: { types: [ValidationError] },
    args: {
      emailNotifications: t.arg.boolean({ required: true }),
      waitingVisitorEmails: t.arg.boolean({ required: false, description: 'Left out: unchanged.' }),
    },
    resolve: (_root, args, context) =>
      context.services.auth.account.updateAccountSettings(context.viewer!, {
        emailNotifications: args.emailNotifications,
        waitingVisitorEmails: args.waitingVisitorEmails ?? undefined,
      }),
  }),
);

builder.mutationField('register', (t) =>
  t.field({
    type: MessagePayload,
    description: 'Creates an account and emails a verification link.',
    authScopes: { public: true },
    errors: { types: [ValidationError, ConflictError, RateLimitError] },
    args: {
      email: t.arg.string({ required: true }),
      password: t.arg.string({ required: true }),
      fullName: t.arg.string({ required: true }),
      plan: t.arg.string({
        required: false,
        description: 'The plan picked before sign-up (a plan id or name, e.g. "pro") for the free trial; Starter when unknown.',
      }),
    },
    resolve: async (_root, args, context) => {
      await context.services.auth.register(
        { email: args.email, password: args.password, fullName: args.fullName, plan: args.plan },
        context.origin,
      );
      return { message: REGISTERED_MESSAGE };
    },
  }),
);

builder.mutationField('login', (t) =>
  t.field({
    type: AuthPayload,
    authScopes: { public: true },
    errors: { types: [ValidationError, AuthenticationError, ForbiddenError, RateLimitError] },
    args: { email: t.arg.string({ required: true }), password: t.arg.string({ required: true }) },
    resolve: (_root, args, context) => context.services.auth.login(args, context.origin),
  }),
);

builder.mutationField('refreshSession', (t) =>
  t.field({
    type: AuthPayload,
    description: 'Trades a refresh token for a new pair; the old refresh token stops working.',
    authScopes: { public: true },
    errors: { types: [ValidationError, AuthenticationError, ForbiddenError] },
    args: { refreshToken: t.arg.string({ required: true }) },
    resolve: (_root, args, context) => context.services.auth.refresh(args.refreshToken),
  }),
);

builder.mutationField('logout', (t) =>
  t.field({
    type: MessagePayload,
    description: 'Ends the session of the given refresh token, or of the calling access token.',
    authScopes: { public: true },
    errors: { types: [ValidationError, AuthenticationError] },
    args: { refreshToken: t.arg.string({ required: false }) },
    resolve: async (_root, args, context) => {
      await context.services.auth.logout(args.refreshToken, context.viewer);
      return { message: 'Signed out' };
    },
  }),
);

builder.mutationField('verifyEmail', (t) =>
  t.field({
    type: MessagePayload,
    authScopes: { public: true },
    errors: { types: [ValidationError] },
    args: { token: t.arg.string({ required: true }) },
    resolve: async (_root, args, context) => {
      await context.services.auth.confirmEmail(args.token);
      return { message: EMAIL_VERIFIED_MESSAGE };
    },
  }),
);

builder.mutationField('requestEmailVerification', (t) =>
  t.field({
    type: MessagePayload,
    authScopes: { public: true },
    errors: { types: [ValidationError, RateLimitError] },
    args: { email: t.arg.string({ required: true }) },
    resolve: async (_root, args, context) => ({
      message: await context.services.auth.requestEmailVerification(args, context.origin),
    }),
  }),
);

builder.mutationField('requestPasswordReset', (t) =>
  t.field({
    type: MessagePayload,
    description: 'Mails a single-use link, valid for an hour, to choose a new password; answers alike whether or not the account exists.',
    authScopes: { public: true },
    errors: { types: [ValidationError, RateLimitError] },
    args: { email: t.arg.string({ required: true }) },
    resolve: async (_root, args, context) => ({
      message: await context.services.auth.requestPasswordReset(args, context.origin),
    }),
  }),
);

builder.mutationField('resetPassword', (t) =>
  t.field({
    type: MessagePayload,
    description: "Sets a new password with a reset link's token, once, and signs out every session of the account.",
    authScopes: { public: true },
    errors: { types: [ValidationError, ForbiddenError] },
    args: { token: t.arg.string({ required: true }), password: t.arg.string({ required: true }) },
    resolve: async (_root, args, context) => {
      await context.services.auth.resetPassword(args);
      return { message: PASSWORD_RESET_MESSAGE };
    },
  }),
);

builder.mutationField('updateProfile', (t) =>
  t.field({
    type: UserRef,
    description: "Saves the signed-in user's name and returns the user.",
    authScopes: { authenticated: true },
    errors: { types: [ValidationError] },
    args: { fullName: t.arg.string({ required: true }) },
    resolve: (_root, args, context) => context.services.auth.account.updateProfile(context.viewer!, args),
  }),
);

builder.mutationField('changePassword', (t) =>
  t.field({
    type: UserRef,
    description:
      "Changes the signed-in user's password (the current one is required when the account has one) and signs out their other sessions.",
    authScopes: { authenticated: true },
    errors: { types: [ValidationError, RateLimitError] },
    args: { currentPassword: t.arg.string({ required: false }), newPassword: t.arg.string({ required: true }) },
    resolve: (_root, args, context) =>
      context.services.auth.account.changePassword(context.viewer!, {
        currentPassword: args.currentPassword ?? undefined,
        newPassword: args.newPassword,
      }),
  }),
);

builder.mutationField('requestEmailChange', (t) =>
  t.field({
    type: MessagePayload,
    description:
      'Mails a single-use confirmation link to the new address; the sign-in email changes only once it is followed (confirmEmailChange).',
    authScopes: { authenticated: true },
    errors: { types: [ValidationError, ConflictError, RateLimitError] },
    args: { newEmail: t.arg.string({ required: true }), currentPassword: t.arg.string({ required: false }) },
    resolve: async (_root, args, context) => ({
      message: await context.services.auth.account.requestEmailChange(context.viewer!, {
        newEmail: args.newEmail,
        currentPassword: args.currentPassword ?? undefined,
      }),
    }),
  }),
);

builder.mutationField('cancelEmailChange', (t) =>
  t.field({
    type: UserRef,
    description: "Withdraws the signed-in user's pending email change (its link stops working) and returns the user.",
    authScopes: { authenticated: true },
    errors: { types: [NotFoundError] },
    resolve: (_root, _args, context) => context.services.auth.account.cancelEmailChange(context.viewer!),
  }),
);

builder.mutationField('confirmEmailChange', (t) =>
  t.field({
    type: MessagePayload,
    description: 'Follows an email-change link, once: the account signs in with the new address from now on.',
    authScopes: { public: true },
    errors: { types: [ValidationError, ConflictError, ForbiddenError] },
    args: { token: t.arg.string({ required: true }) },
    resolve: async (_root, args, context) => {
      await context.services.auth.account.confirmEmailChange(args.token);
      return { message: EMAIL_CHANGED_MESSAGE };
    },
  }),
);
