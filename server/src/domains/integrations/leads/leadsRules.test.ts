import { describe, expect, it } from 'vitest';
import { contactDetailsIn, LEAD_COLUMNS, leadRowCells } from './leadsRules.ts';

describe('contactDetailsIn', () => {
  it.each([
    ['What are your opening hours?', null],
    ['Call me maybe', null],
    ['Order 12345 is late', null],
    ['I ordered on 2026-05-12 and again on 12.05.2026', null],
    ['Price is 1234567890123456789 dollars', null],
    ['My name is Jane Doe and my email is Jane.Doe@Example.com', { name: 'Jane Doe', email: 'jane.doe@example.com', phone: null }],
    ['Reach me at +1 (415) 555-0100 please', { name: null, email: null, phone: '+14155550100' }],
    ["Je m'appelle Marie, mon numéro est 06 12 34 56 78", { name: 'Marie', email: null, phone: '0612345678' }],
    ['je m’appelle Léa Dubois et mon mail est lea@exemple.fr', { name: 'Léa Dubois', email: 'lea@exemple.fr', phone: null }],
    ["I'm Sam Lee, sam@lee.dev, 020 7946 0958", { name: 'Sam Lee', email: 'sam@lee.dev', phone: '02079460958' }],
    ['I am interested, write to buyer@shop.io', { name: null, email: 'buyer@shop.io', phone: null }],
    ['Hi, I am Max Power, reach me at +44 20 7946 0958', { name: 'Max Power', email: null, phone: '+442079460958' }],
    ['name: Ana Lima / ana@lima.com.br', { name: 'Ana Lima', email: 'ana@lima.com.br', phone: null }],
    ['My phone: 555 0100 123 since 2026-01-02', { name: null, email: null, phone: '5550100123' }],
    ['Too short: 123 456', null],
  ])('%j', (text, expected) => {
    expect(contactDetailsIn(text)).toEqual(expected);
  });
});

describe('leadRowCells', () => {
  it('writes one cell per column, empty for missing details', () => {
    const cells = leadRowCells({
      timestamp: '2026-11-24T10:00:00.000Z',
      channel: 'whatsapp',
      bot: 'Shop',
      name: null,
      email: 'a@b.co',
      phone: null,
      question: 'Hi',
      conversationLink: null,
    });
    expect(cells).toEqual(['2026-11-24T10:00:00.000Z', 'whatsapp', 'Shop', '', 'a@b.co', '', 'Hi', '']);
    expect(cells).toHaveLength(LEAD_COLUMNS.length);
  });
});
