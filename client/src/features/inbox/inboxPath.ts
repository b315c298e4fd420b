import { generatePath } from 'react-router';

export const INBOX_PATH = '/inbox';

/** A conversation's place under the inbox, by its Relay global id, so that a reload or a shared link opens it again. */
export const CONVERSATION_ROUTE_PATH = ':conversationId';

export const conversationPathOf = (conversationId: string) => generatePath(`${INBOX_PATH}/${CONVERSATION_ROUTE_PATH}`, { conversationId });
