import { Environment, RecordSource, Store } from 'relay-runtime';
import { createNetwork } from './network.ts';

const createEnvironment = () => new Environment({ network: createNetwork(), store: new Store(new RecordSource()) });

let environment = createEnvironment();

/** The environment route loaders and the provider share. */
export const relayEnvironment = () => environment;

/** Drops every cached record, so that one user's data never shows to the next. */
export function resetRelayEnvironment(): Environment {
  environment = createEnvironment();
  return environment;
}
