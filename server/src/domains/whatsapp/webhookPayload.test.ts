import { describe, expect, it } from 'vitest';
import { inboundItems } from './webhookPayload.ts';

const delivery = (value: Record<string, unknown>) => ({
  object: 'whatsapp_business_account',
  entry: [{ id: 'WABA', changes: [{ field: 'messages', value }] }],
});

describe('inboundItems', () => {
  it.each([
    ['not an object', 'hello', []],
    ['no entries', {}, []],
    ['an entry without changes', { entry: [{ id: 'x' }] }, []],
    [
      'a text with the sender name',
      delivery({
        contacts: [{ wa_id: '15551234567', profile: { name: 'Jane' } }],
        messages: [{ id: 'wamid.1', from: '15551234567', type: 'text', text: { body: 'Hi' } }],
      }),
      [{ kind: 'text', id: 'wamid.1', from: '15551234567', text: 'Hi', senderName: 'Jane' }],
    ],
    [
      'a text without contacts',
      delivery({ messages: [{ id: 'wamid.2', from: '15551234567', type: 'text', text: { body: 'Hi' } }] }),
      [{ kind: 'text', id: 'wamid.2', from: '15551234567', text: 'Hi', senderName: undefined }],
    ],
    [
      'an image',
      delivery({ messages: [{ id: 'wamid.3', from: '15551234567', type: 'image', image: { id: 'media' } }] }),
      [{ kind: 'other', id: 'wamid.3', from: '15551234567', type: 'image' }],
    ],
    [
      'statuses of one sent message, one per state',
      delivery({
        statuses: [
          { id: 'wamid.out', status: 'sent', recipient_id: '15551234567' },
          { id: 'wamid.out', status: 'failed', recipient_id: '15551234567', errors: [{ code: 131026, title: 'Message undeliverable' }] },
        ],
      }),
      [
        { kind: 'status', id: 'wamid.out:sent', from: '15551234567', status: 'sent' },
        { kind: 'status', id: 'wamid.out:failed', from: '15551234567', status: 'failed', error: '131026 Message undeliverable' },
      ],
    ],
    [
      'malformed messages skipped, good ones kept',
      delivery({
        messages: [
          { id: 'wamid.4', from: 'not-a-number', type: 'text', text: { body: 'x' } },
          { from: '15551234567', type: 'text', text: { body: 'no id' } },
          { id: 'wamid.5', from: '15551234567', type: 'text', text: { body: 'ok' } },
        ],
      }),
      [{ kind: 'text', id: 'wamid.5', from: '15551234567', text: 'ok', senderName: undefined }],
    ],
  ])('%s', (_name, payload, items) => {
    expect(inboundItems(payload)).toEqual(items);
  });
});
