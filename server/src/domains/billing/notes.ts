import type { Logger } from 'pino';
import type { EventCategory, EventsService, NewSystemEvent } from '../events/service.ts';

/** A line for the admin's system events about a billing change; its category is always billing. */
export type BillingNote = Omit<NewSystemEvent, 'category'>;

export type RecordBillingNote = (note: BillingNote) => Promise<void>;

const BILLING_EVENT_CATEGORY = 'billing' satisfies EventCategory;

/** Records notes of changes that have committed: a note that cannot be written is logged, never an error. */
export function billingNoteRecorder(events: EventsService, logger?: Logger): RecordBillingNote {
  return async (note) => {
    try {
      await events.record({ ...note, category: BILLING_EVENT_CATEGORY });
    } catch (error) {
      // The payment itself is committed; a lost log line must not turn it into an error.
      logger?.error({ err: error }, 'could not record a billing event');
    }
  };
}
