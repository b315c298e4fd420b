import { useMemo } from 'react';
import { useSubscription, type GraphQLTaggedNode } from 'react-relay';
import type { GraphQLSubscriptionConfig, RecordSourceSelectorProxy, Variables } from 'relay-runtime';

/**
 * A subscription held while the screen shows: its events are normalised into the store (a record
 * they name updates in place), and `place` puts what the store cannot place itself (a new item in a
 * list). Opened again when the variables change.
 */
export function useLiveSubscription<TVariables extends Variables>(
  subscription: GraphQLTaggedNode,
  variables: TVariables,
  place?: (store: RecordSourceSelectorProxy, variables: TVariables) => void,
) {
  const key = JSON.stringify(variables);
  const config = useMemo<GraphQLSubscriptionConfig<{ variables: TVariables; response: unknown }>>(() => {
    const held = JSON.parse(key) as TVariables;
    return { subscription, variables: held, ...(place ? { updater: (store: RecordSourceSelectorProxy) => place(store, held) } : {}) };
  }, [subscription, key, place]);
  useSubscription(config);
}
