import { ConnectionHandler, type RecordSourceSelectorProxy } from 'relay-runtime';

/** Keeps the viewer's bot total (read by the plan allowance) right after a create, duplicate or delete. */
export function adjustBotCount(store: RecordSourceSelectorProxy, delta: number) {
  const total = store.getRoot().getLinkedRecord('viewer')?.getLinkedRecord('bots', { first: 0 });
  const count = total?.getValue('totalCount');
  if (total && typeof count === 'number') total.setValue(count + delta, 'totalCount');
}

/** Puts a new bot at the top of the list being shown. */
export function prependBot(store: RecordSourceSelectorProxy, connectionId: string, rootField: string) {
  const bot = store.getRootField(rootField);
  const connection = store.get(connectionId);
  if (!bot || bot.getType() !== 'Bot' || !connection) return;
  const edge = ConnectionHandler.createEdge(store, connection, bot, 'UserBotsConnectionEdge');
  ConnectionHandler.insertEdgeBefore(connection, edge);
  adjustBotCount(store, 1);
}
