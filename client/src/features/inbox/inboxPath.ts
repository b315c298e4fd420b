import { generatePath } from 'react-router';
import { globalIdOf } from '../../relay/globalId.ts';

export const INBOX_PATH = '/inbox';

/** A conversation's place under the inbox, by its Relay global id, so that a reload or a shared link opens it again. */
export const CONVERSATION_ROUTE_PATH = ':conversationId';

export const conversationPathOf = (conversationId: string) => generatePath(`${INBOX_PATH}/${CONVERSATION_ROUTE_PATH}`, { conversationId });

/** The query parameter of the owner's emails: `/inbox?conversation=<database id>` (an email names no Relay id). */
export const EMAILED_CONVERSATION_PARAM = 'conversation';

/** The conversation's place that an email's link names, or null for the plain inbox. */
export function emailedConversationPath(url: URL): string | null {
  const databaseId = url.searchParams.get(EMAILED_CONVERSATION_PARAM)?.trim();
  return databaseId ? conversationPathOf(globalIdOf('Conversation', databaseId)) : null;
}
