// What other domains use of the inbox: whether the bot answers a conversation, and telling the inbox of new messages.
export { announceConversationChanges, type ConversationChange } from './events.ts';
export { afterVisitorWrites, botAnswers, inInbox } from './rules.ts';
