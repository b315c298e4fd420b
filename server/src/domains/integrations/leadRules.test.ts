import { describe, expect, it } from 'vitest';
import { contactDetailsIn } from './leadRules.ts';

describe('contactDetailsIn', () => {
  it.each([
    ['What are your opening hours?', null],
    ['Call me maybe', null],
    ['Order 12345 is late', null],
    ['My name is Jane Doe and my email is Jane.Doe@Example.com', { name: 'Jane Doe', email: 'jane.doe@example.com', phone: null }],
    ['Reach me at +1 (415) 555-0100 please', { name: null, email: null, phone: '+14155550100' }],
    ["Je m'appelle Marie, mon numéro est 06 12 34 56 78", { name: 'Marie', email: null, phone: '0612345678' }],
    ["I'm Sam Lee, sam@lee.dev, 020 7946 0958", { name: 'Sam Lee', email: 'sam@lee.dev', phone: '02079460958' }],
    ['I am interested, write to buyer@shop.io', { name: null, email: 'buyer@shop.io', phone: null }],
    ['Price is 1234567890123456789 dollars', null],
  ])('%j', (text, expected) => {
    expect(contactDetailsIn(text)).toEqual(expected);
  });
});
