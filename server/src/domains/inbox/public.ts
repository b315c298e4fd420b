// What other domains use of the inbox: whether the bot answers a conversation, telling the inbox of new messages,
// and visitors asking for a person.
export { announceConversationChanges, type ConversationChange } from './events.ts';
export { afterVisitorWrites, botAnswers, inInbox } from './rules.ts';
export { conversationTopic } from './events.ts';
export { asksForPerson } from './handoff.ts';
export type { GivenEmail, HandoffOutcome, HandoffService } from './handoffService.ts';
