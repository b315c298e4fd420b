// Reads Meta's webhook deliveries (WhatsApp Business Cloud API, field "messages") into the items
// the product handles: inbound messages and the statuses of messages it sent.
import { z } from 'zod';

export type InboundItem =
  | { kind: 'text'; id: string; from: string; text: string; senderName?: string }
  | { kind: 'other'; id: string; from: string; type: string }
  | { kind: 'status'; id: string; from: string; status: string; error?: string };

const message = z.object({
  id: z.string().min(1).max(200),
  from: z.string().regex(/^\d{5,20}$/),
  type: z.string().max(50),
  text: z.object({ body: z.string() }).optional(),
});
const status = z.object({
  id: z.string().min(1).max(200),
  status: z.string().max(50),
  recipient_id: z.string().max(20).default(''),
  errors: z.array(z.object({ code: z.number().optional(), title: z.string().optional(), message: z.string().optional() })).optional(),
});
const contact = z.object({ wa_id: z.string().optional(), profile: z.object({ name: z.string().optional() }).optional() });
const change = z.object({
  field: z.string().optional(),
  value: z
    .object({
      contacts: z.array(z.unknown()).optional(),
      messages: z.array(z.unknown()).optional(),
      statuses: z.array(z.unknown()).optional(),
    })
    .optional(),
});
const delivery = z.object({ entry: z.array(z.object({ changes: z.array(change).default([]) })).default([]) });

/** The delivery's items; malformed ones are skipped (Meta would retry them forever if refused). */
export function inboundItems(payload: unknown): InboundItem[] {
  const parsed = delivery.safeParse(payload);
  if (!parsed.success) return [];
  const items: InboundItem[] = [];
  for (const entry of parsed.data.entry) {
    for (const { value } of entry.changes) {
      if (!value) continue;
      const names = new Map<string, string>();
      for (const raw of value.contacts ?? []) {
        const person = contact.safeParse(raw);
        if (person.success && person.data.wa_id && person.data.profile?.name) names.set(person.data.wa_id, person.data.profile.name);
      }
      for (const raw of value.messages ?? []) {
        const parsedMessage = message.safeParse(raw);
        if (!parsedMessage.success) continue;
        const { id, from, type, text } = parsedMessage.data;
        items.push(
          type === 'text' && text
            ? { kind: 'text', id, from, text: text.body, senderName: names.get(from) }
            : { kind: 'other', id, from, type },
        );
      }
      for (const raw of value.statuses ?? []) {
        const parsedStatus = status.safeParse(raw);
        if (!parsedStatus.success) continue;
        // One sent message gets several statuses (sent, delivered, read) under its own id.
        const { id, status: state, recipient_id, errors } = parsedStatus.data;
        const error = errors?.map((problem) => [problem.code, problem.message ?? problem.title].filter(Boolean).join(' ')).join('; ');
        items.push({
          kind: 'status',
          id: `${id}:${state}`,
          from: recipient_id,
          status: state,
          ...(error ? { error: error.slice(0, 500) } : {}),
        });
      }
    }
  }
  return items;
}
