import type { EventCategory } from '../events/service.ts';

/** The category of the events the integrations record (connections, data tools, leads). */
export const EVENT_CATEGORY = 'integrations' satisfies EventCategory;
