import { ServiceUnavailableError } from '../../../errors.ts';
import { builder } from '../../../graphql/builder.ts';
import { UserRef, viewerOnly } from '../../auth/schema.ts';
import { GOOGLE_SERVICES, type GoogleAccount, type GoogleStatus, type Spreadsheet, type SpreadsheetList } from './google.ts';

export const GoogleServiceEnum = builder.enumType('GoogleService', { values: GOOGLE_SERVICES });

const GoogleAccountRef = builder.objectRef<GoogleAccount>('GoogleAccount').implement({
  description: 'The Google account a connection signed in with.',
  authScopes: { authenticated: true },
  fields: (t) => ({
    name: t.exposeString('name'),
    email: t.exposeString('email'),
    picture: t.exposeString('picture', { nullable: true }),
  }),
});

const GoogleIntegrationRef = builder.objectRef<GoogleStatus>('GoogleIntegration').implement({
  authScopes: { authenticated: true },
  fields: (t) => ({
    sheetsConnected: t.exposeBoolean('sheetsConnected'),
    driveConnected: t.exposeBoolean('driveConnected'),
    calendarConnected: t.exposeBoolean('calendarConnected'),
    account: t.field({ type: GoogleAccountRef, nullable: true, resolve: (status) => status.account }),
  }),
});

const GoogleSheetTabRef = builder.objectRef<{ sheetTitle: string }>('GoogleSheetTab').implement({
  authScopes: { authenticated: true },
  fields: (t) => ({ sheetTitle: t.exposeString('sheetTitle') }),
});

const GoogleSpreadsheetRef = builder.objectRef<Spreadsheet>('GoogleSpreadsheet').implement({
  authScopes: { authenticated: true },
  fields: (t) => ({
    spreadsheetId: t.exposeString('spreadsheetId'),
    spreadsheetName: t.exposeString('spreadsheetName'),
    sheets: t.field({ type: [GoogleSheetTabRef], resolve: (spreadsheet) => spreadsheet.sheets }),
  }),
});

const GoogleSpreadsheetListRef = builder.objectRef<SpreadsheetList>('GoogleSpreadsheetList').implement({
  authScopes: { authenticated: true },
  fields: (t) => ({
    connected: t.exposeBoolean('connected'),
    message: t.exposeString('message'),
    spreadsheets: t.field({ type: [GoogleSpreadsheetRef], resolve: (list) => list.spreadsheets }),
  }),
});

builder.objectField(UserRef, 'googleIntegration', (t) =>
  t.field({
    type: GoogleIntegrationRef,
    description: 'Which Google services the user connected, and with which account. Only the user themself sees it.',
    authScopes: viewerOnly,
    resolve: (user, _args, context) => context.services.google.status(user.id),
  }),
);

builder.objectField(UserRef, 'googleSpreadsheets', (t) =>
  t.field({
    type: GoogleSpreadsheetListRef,
    description: "The connected Google account's spreadsheets and their sheets (the data tool's pickers).",
    authScopes: viewerOnly,
    resolve: (user, _args, context) => context.services.google.spreadsheets(user.id),
  }),
);

const GoogleAuthorizationRef = builder.objectRef<{ url: string }>('GoogleAuthorization').implement({
  description: 'Where the connect popup goes: a link that works for a few minutes, for this user only.',
  authScopes: { authenticated: true },
  fields: (t) => ({ url: t.exposeString('url') }),
});

builder.mutationField('authorizeGoogle', (t) =>
  t.field({
    type: GoogleAuthorizationRef,
    authScopes: { customer: true },
    errors: { types: [ServiceUnavailableError] },
    args: { service: t.arg({ type: GoogleServiceEnum, required: true }) },
    resolve: async (_root, args, context) => ({ url: await context.services.google.connectUrl(context.viewer!.id, args.service) }),
  }),
);

builder.mutationField('disconnectGoogle', (t) =>
  t.field({
    type: UserRef,
    description: 'Revokes the Google grant for a service and forgets its tokens; returns the user.',
    authScopes: { customer: true },
    errors: { types: [] },
    args: { service: t.arg({ type: GoogleServiceEnum, required: true }) },
    resolve: async (_root, args, context) => {
      await context.services.google.disconnect(context.viewer!.id, args.service);
      return context.prisma.user.findUniqueOrThrow({ where: { id: context.viewer!.id } });
    },
  }),
);
