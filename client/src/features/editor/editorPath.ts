import { generatePath } from 'react-router';

/**
 * The editor's address: `/editor` opens an empty editor for a new bot, `/editor/<bot id>` (the
 * bot's Relay global id) an existing one, so that a reload or a shared link keeps the bot.
 */
export const EDITOR_ROUTE_PATH = '/editor/:botId?';

/** Where the editor shows `botId`, or a new bot when there is none (the id is URL-encoded). */
export const editorPathOf = (botId: string | null = null) => generatePath(EDITOR_ROUTE_PATH, { botId });
