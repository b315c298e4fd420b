import { builder } from '../../graphql/builder.ts';
import { eventLevel } from './service.ts';

export const EventLevelEnum = builder.enumType('EventLevel', { values: ['info', 'success', 'warning', 'error'] as const });

export const SystemEventRef = builder.prismaNode('SystemEvent', {
  id: { field: 'id' },
  authScopes: { admin: true },
  fields: (t) => ({
    timestamp: t.expose('timestamp', { type: 'DateTime', authScopes: { admin: true } }),
    event: t.exposeString('event', { authScopes: { admin: true } }),
    category: t.exposeString('category', { authScopes: { admin: true } }),
    details: t.exposeString('details', { authScopes: { admin: true } }),
    level: t.field({ type: EventLevelEnum, authScopes: { admin: true }, resolve: (event) => eventLevel(event.event) }),
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
