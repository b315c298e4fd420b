import { describe, expect, it } from 'vitest';
import { notionDatabaseId } from './notionData.ts';

const ID = '0123456789abcdef0123456789abcdef';

describe('notionDatabaseId', () => {
  it.each([
    [ID, ID],
    [ID.toUpperCase(), ID],
    ['01234567-89ab-cdef-0123-456789abcdef', ID],
    [`  ${ID}  `, ID],
    [`https://www.notion.so/acme/Leads-${ID}?v=ffffffffffffffffffffffffffffffff`, ID],
    [`https://www.notion.so/${ID}`, ID],
    ['not-an-id', null],
    [ID.slice(1), null],
    [`${ID}0`, null],
    ['', null],
  ])('%j', (input, expected) => {
    expect(notionDatabaseId(input)).toBe(expected);
  });
});
