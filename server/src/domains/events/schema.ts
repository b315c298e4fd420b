import { builder } from '../../graphql/builder.ts';
import { eventLevel } from './service.ts';

export const EventLevelEnum = builder.enumType('EventLevel', { values: ['info', 'success', 'warning', 'error'] as const });

export const SystemEventRef = builder.prismaNode('SystemEvent', {
  id: { field: 'id' },
  authScopes: { admin: true },
  fields: (t) => ({
    timestamp: t.expose('timestamp', { type: 'DateTime', description: 'When it happened.', authScopes: { admin: true } }),
    event: t.exposeString('event', { description: 'What happened, in words.', authScopes: { admin: true } }),
    category: t.exposeString('category', {
      description: 'auth, billing, admin, crawls, knowledge, security...',
      authScopes: { admin: true },
    }),
    details: t.exposeString('details', { description: 'More about it; may be empty.', authScopes: { admin: true } }),
    level: t.field({
      type: EventLevelEnum,
      description:
        'Derived from the event text: failed/error, pending/rate limit/warning, paid/processed/created/linked/crawled, else info.',
      authScopes: { admin: true },
      resolve: (event) => eventLevel(event.event),
    }),
  }),
});

builder.subscriptionField('systemEventAdded', (t) =>
  t.field({
    type: SystemEventRef,
    description: 'Each system event as it is recorded (the admin system log, live).',
    authScopes: { admin: true },
    subscribe: (_root, _args, context) => context.services.events.subscribe(),
    resolve: (event) => ({ ...event, timestamp: new Date(event.timestamp) }),
  }),
);
