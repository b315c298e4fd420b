// The inbox's bounds, as the server checks them (server/src/domains/inbox/rules.ts) and the
// dashboard's reply box offers them, so the box stops where the server would refuse.

export const INBOX_LIMITS = {
  /** Characters of a person's reply: as long as the longest question a visitor may ask. */
  reply: 4000,
  /** Minutes a visitor waits for a person before the bot asks for an email address, at most. */
  handoffWaitMinutesMax: 60,
} as const;
