import { describe, expect, it } from 'vitest';
import { afterVisitorWrites, botAnswers, transition, type ConversationAction, type Transition } from './rules.ts';
import type { ConversationStatus } from '../../generated/prisma/client.ts';

describe('transition', () => {
  it.each<[ConversationAction, ConversationStatus, Transition]>([
    ['takeOver', 'bot', { to: 'human' }],
    ['takeOver', 'waiting', { to: 'human' }],
    ['takeOver', 'human', { to: 'human' }],
    ['takeOver', 'closed', { to: 'human' }],
    ['reply', 'bot', { to: 'human' }],
    ['reply', 'waiting', { to: 'human' }],
    ['reply', 'human', { to: 'human' }],
    ['reply', 'closed', { refused: 'closed' }],
    ['release', 'bot', { refused: 'notHuman' }],
    ['release', 'waiting', { to: 'bot' }],
    ['release', 'human', { to: 'bot' }],
    ['release', 'closed', { refused: 'closed' }],
    ['close', 'bot', { to: 'closed' }],
    ['close', 'waiting', { to: 'closed' }],
    ['close', 'human', { to: 'closed' }],
    ['close', 'closed', { to: 'closed' }],
  ])('%s from %s', (action, from, expected) => {
    expect(transition(action, from)).toEqual(expected);
  });
});

describe('botAnswers', () => {
  it.each<[ConversationStatus, boolean]>([
    ['bot', true],
    ['waiting', false],
    ['human', false],
    ['closed', true],
  ])('%s: %s', (status, answers) => {
    expect(botAnswers(status)).toBe(answers);
  });

  it('opens a closed conversation again to the bot when the visitor writes, and leaves the others as they are', () => {
    expect(['bot', 'waiting', 'human', 'closed'].map((status) => afterVisitorWrites(status as ConversationStatus))).toEqual([
      'bot',
      'waiting',
      'human',
      'bot',
    ]);
  });
});
