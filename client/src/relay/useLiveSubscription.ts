import { useMemo } from 'react';
import { useSubscription, type GraphQLTaggedNode } from 'react-relay';
import type { GraphQLSubscriptionConfig, RecordSourceSelectorProxy } from 'relay-runtime';

/** A subscription to one bot's live changes, taking `$botId`, with an updater that places what comes in the store. */
export function useBotSubscription(
  subscription: GraphQLTaggedNode,
  botId: string,
  place: (store: RecordSourceSelectorProxy, botId: string) => void,
) {
  const config = useMemo<GraphQLSubscriptionConfig<{ variables: { botId: string }; response: unknown }>>(
    () => ({ subscription, variables: { botId }, updater: (store) => place(store, botId) }),
    [subscription, botId, place],
  );
  useSubscription(config);
}
