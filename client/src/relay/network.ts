import type { Client } from 'graphql-ws';
import { Network, Observable, type FetchFunction, type GraphQLResponse, type SubscribeFunction } from 'relay-runtime';
import { currentAccessToken, languageHeader, refreshSession } from '../session/api.ts';
import { tokenStore } from '../session/tokenStore.ts';

export const GRAPHQL_PATH = '/graphql';
const AUTHENTICATION_REQUIRED = 'AUTHENTICATION_REQUIRED';

interface GraphQLBody {
  errors?: { message: string; extensions?: { code?: string } }[];
}

function needsAuthentication(status: number, body: GraphQLBody): boolean {
  return status === 401 || (body.errors ?? []).some((error) => error.extensions?.code === AUTHENTICATION_REQUIRED);
}

async function postGraphQL(request: { text: string | null; name: string }, variables: unknown) {
  const token = await currentAccessToken();
  const response = await fetch(GRAPHQL_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...languageHeader(), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query: request.text, variables, operationName: request.name }),
  });
  return { status: response.status, body: (await response.json()) as GraphQLBody, sentToken: token !== null };
}

/** POSTs to /graphql with the access token; one transparent refresh and retry on an auth failure. */
export const fetchGraphQL: FetchFunction = async (request, variables) => {
  let result = await postGraphQL(request, variables);
  if (result.sentToken && needsAuthentication(result.status, result.body) && (await refreshSession())) {
    result = await postGraphQL(request, variables);
  }
  return result.body as GraphQLResponse;
};

function webSocketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${GRAPHQL_PATH}`;
}

let wsClient: Promise<Client> | null = null;

/**
 * One graphql-ws connection, authorised with the token current at each (re)connection. Its code
 * loads with the first subscription: most screens never open one.
 */
function subscriptionsClient(): Promise<Client> {
  wsClient ??= import('graphql-ws').then(({ createClient }) =>
    createClient({
      url: webSocketUrl(),
      lazy: true,
      connectionParams: () => {
        const token = tokenStore.accessToken();
        return token ? { authorization: `Bearer ${token}` } : {};
      },
    }),
  );
  return wsClient;
}

/** A subscription the server refused or ended with an error: its message is meant for people. */
export class SubscriptionError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

type ServerErrors = NonNullable<GraphQLBody['errors']>;

const subscriptionError = ([first]: ServerErrors) => new SubscriptionError(first!.message, first!.extensions?.code);

const toError = (error: unknown) =>
  error instanceof Error
    ? error
    : Array.isArray(error) && error.length > 0
      ? subscriptionError(error as ServerErrors)
      : new Error(String(error));

const subscribeGraphQL: SubscribeFunction = (request, variables) =>
  Observable.create<GraphQLResponse>((sink) => {
    let unsubscribe: (() => void) | null = null;
    let closed = false;
    subscriptionsClient().then(
      (client) => {
        if (closed) return;
        unsubscribe = client.subscribe(
          { operationName: request.name, query: request.text ?? '', variables },
          {
            // An event with errors and no data ends the stream with the server's reason (Relay's own error would hide it).
            next: (value) => {
              const { data, errors } = value as { data?: unknown; errors?: ServerErrors };
              if (!data && errors?.length) sink.error(subscriptionError(errors));
              else sink.next(value as GraphQLResponse);
            },
            error: (error) => sink.error(toError(error)),
            complete: () => sink.complete(),
          },
        );
      },
      (error: unknown) => {
        wsClient = null;
        sink.error(toError(error));
      },
    );
    return () => {
      closed = true;
      unsubscribe?.();
    };
  });

export const createNetwork = () => Network.create(fetchGraphQL, subscribeGraphQL);
