import { describe, expect, it } from 'vitest';
import { databaseIdOf, globalIdOf } from './globalId.ts';

/** Encodes as the server does (UTF-8, then base64). */
const base64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

describe('databaseIdOf', () => {
  it.each([
    ['a bot with a UUID', base64('Bot:4f1c2d3e-8a7b-4c6d-9e0f-112233445566'), '4f1c2d3e-8a7b-4c6d-9e0f-112233445566'],
    ['a short id (padded base64)', base64('Bot:b12'), 'b12'],
    ['an id that holds colons', base64('ChatLog:2026:11:20'), '2026:11:20'],
    ['an id with non-ASCII letters', base64('Document:café'), 'café'],
    ['another type', base64('WebSource:w-9'), 'w-9'],
  ])('reads the database id of %s', (_case, globalId, databaseId) => {
    expect(databaseIdOf(globalId)).toBe(databaseId);
  });

  it.each([
    ['an empty string', ''],
    ['a plain database id', '4f1c2d3e-8a7b-4c6d-9e0f-112233445566'],
    ['base64 without a type', base64('4f1c2d3e')],
    ['base64 with an empty id', base64('Bot:')],
    ['base64 with an empty type', base64(':b1')],
    ['a type name that is not one', base64('1Bot:b1')],
    ['base64 without its padding', base64('Bot:b12').replace(/=+$/, '')],
    ['URL-safe base64', base64('Bot:\u00ff\u00ff').replace(/\+/g, '-').replace(/\//g, '_')],
  ])('refuses %s', (_case, notAGlobalId) => {
    expect(() => databaseIdOf(notAGlobalId)).toThrow(`Not a Relay global id: ${JSON.stringify(notAGlobalId)}`);
  });
});

describe('globalIdOf', () => {
  it.each([
    ['a plain id', 'Conversation', 'cm3x9k2'],
    ['an id that holds colons', 'ChatLog', '2026:11:20'],
    ['an id with non-ASCII letters', 'Document', 'café'],
  ])('writes %s as the server does, and reads back', (_case, type, databaseId) => {
    expect(globalIdOf(type, databaseId)).toBe(base64(`${type}:${databaseId}`));
    expect(databaseIdOf(globalIdOf(type, databaseId))).toBe(databaseId);
  });
});
