import SchemaBuilder from '@pothos/core';
import DataloaderPlugin from '@pothos/plugin-dataloader';
import ErrorsPlugin from '@pothos/plugin-errors';
import PrismaPlugin from '@pothos/plugin-prisma';
import RelayPlugin from '@pothos/plugin-relay';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import { DateTimeISOResolver } from 'graphql-scalars';
import { AUTHENTICATION_REQUIRED, AuthenticationError, ForbiddenError } from '../errors.ts';
import type PrismaTypes from '../generated/pothos-types.ts';
import { getDatamodel } from '../generated/pothos-types.ts';
import type { GraphQLContext } from './context.ts';
import GlobalIdNotFoundPlugin from './globalIdNotFound.ts';

export interface AuthScopes {
  /** Anyone, signed in or not: said explicitly so that a field without scopes stands out in review. */
  public: boolean;
  authenticated: boolean;
  customer: boolean;
  admin: boolean;
}

export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  PrismaTypes: PrismaTypes;
  AuthScopes: AuthScopes;
  DefaultFieldNullability: false;
  Scalars: {
    DateTime: { Input: Date; Output: Date };
  };
}>({
  // Errors first, so scope-auth's refusals and undecodable ids become a field's typed errors too.
  plugins: [ErrorsPlugin, ScopeAuthPlugin, GlobalIdNotFoundPlugin, PrismaPlugin, RelayPlugin, DataloaderPlugin],
  defaultFieldNullability: false,
  scopeAuth: {
    // Refuse a subscription when it starts, not silently on each event.
    authorizeOnSubscribe: true,
    authScopes: (context) => ({
      public: true,
      authenticated: context.viewer !== null,
      customer: context.viewer?.role === 'customer',
      admin: context.viewer?.role === 'ADMIN',
    }),
    unauthorizedError: (_parent, context) =>
      context.viewer
        ? new ForbiddenError('You do not have access to this resource.')
        : new AuthenticationError(AUTHENTICATION_REQUIRED, 'AUTHENTICATION_REQUIRED'),
  },
  prisma: {
    client: (context) => context.prisma,
    dmmf: getDatamodel(),
    filterConnectionTotalCount: true,
    onUnusedQuery: null,
  },
  relay: {
    clientMutationId: 'omit',
    cursorType: 'String',
    nodeQueryOptions: { authScopes: { public: true } },
    nodesQueryOptions: { authScopes: { public: true } },
  },
  errors: {
    directResult: true,
    // Argument decoding (global ids) throws before the resolver: its errors are typed results too.
    unsafelyHandleInputErrors: true,
  },
});

// DateTimeISO rather than DateTime: it serializes to the ISO string itself, as clients and tests read it,
// where DateTime hands graphql-js a Date. The description is the schema's own, kept stable.
builder.addScalarType('DateTime', DateTimeISOResolver, { description: 'An instant in time, as an ISO 8601 string in UTC.' });

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});
