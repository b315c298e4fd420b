/**
 * What the writers of a customer's data say when they have written: the customer's cached responses
 * must not be served any more. Called after the write is committed and before its caller hears of it.
 * Its methods do not reject (an unreachable revocation list is the cache's outage, logged there):
 * the chat announces a statement's exchanges inside its write batch, where a rejection would count
 * as a failed write and send the exchanges again.
 */
export interface DataChanges {
  /** Something of these customers changed: their account, bots, knowledge, conversations or billing. */
  customersChanged(userIds: readonly (string | null | undefined)[]): Promise<void>;
  /**
   * Only the conversations of these customers changed (an exchange was stored, a visitor opened one):
   * what their screens read, not what an answer needs (the chat's answer contexts stay).
   */
  conversationsChanged(userIds: readonly (string | null | undefined)[]): Promise<void>;
  /** Something of this bot changed (a document's or crawl's status): its owner's responses go. */
  botChanged(botId: string): Promise<void>;
  /** Something every customer may read changed: an admin's write. */
  everythingChanged(): Promise<void>;
}
