// What other domains use of bots' insides: the owner filter and the bot constants.
export { findOwnedBot, ownedBotsWhere } from './access.ts';
export { BOT_LANGUAGES, USE_CASES } from './rules.ts';
