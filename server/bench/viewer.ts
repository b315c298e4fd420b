import { demoCustomer } from '../test/accounts.ts';
import { graphql } from '../test/harness.ts';
import type { BenchRow } from './knowledge.ts';
import { createBenchDatabase, graphqlRequestsPerSecond, startMeasuredServer, round } from './throughput.ts';

const CONNECTIONS = 10;
const WARM_UP_MS = 500;
const MEASURE_MS = 2_000;
/** The two loads take turns, so a neighbour's burst on a shared machine weighs on both alike. */
const ROUNDS = 3;

async function requestsPerSecond(url: string, query: string, token?: string): Promise<number> {
  const result = await graphqlRequestsPerSecond(
    url,
    query,
    { connections: CONNECTIONS, warmUpMs: WARM_UP_MS, measureMs: MEASURE_MS },
    token,
  );
  if (result.failed > 0) throw new Error(`${result.failed} requests for ${query} failed: ${result.firstFailure}`);
  return result.perSecond;
}

/**
 * `{ viewer { id } }` with a bearer token against `{ __typename }` without one: what checking a token
 * costs a request, as a ratio of throughputs, and in SQL statements.
 */
export async function benchViewerToken(): Promise<BenchRow[]> {
  let counting = false;
  const statements: string[] = [];
  const bench = await createBenchDatabase({ onQuery: (sql) => counting && statements.push(sql) });
  const { database } = bench;
  const server = await startMeasuredServer(database);
  try {
    const customer = await demoCustomer(server);
    const url = `${server.url}/graphql`;
    // The first token a process checks rebuilds its revocation list from the rows, once: not counted.
    await graphql(server, '{ __typename }', {}, customer.accessToken);
    counting = true;
    const answer = await graphql(server, '{ viewer { id } }', {}, customer.accessToken);
    counting = false;
    if (!answer.data?.viewer?.id) throw new Error(`no viewer: ${JSON.stringify(answer)}`);
    let anonymous = 0;
    let signedIn = 0;
    for (let round = 0; round < ROUNDS; round++) {
      anonymous += (await requestsPerSecond(url, '{ __typename }')) / ROUNDS;
      signedIn += (await requestsPerSecond(url, '{ viewer { id } }', customer.accessToken)) / ROUNDS;
    }
    const ratio = signedIn / anonymous;
    return [
      {
        benchmark: `{ viewer { id } } with a bearer token vs { __typename } without (${bench.label}, ${CONNECTIONS} connections)`,
        value: round(ratio, 2),
        unit: 'x',
        goal: '>= 0.7',
        ok: ratio >= 0.7,
        detail: `${Math.round(signedIn)} vs ${Math.round(anonymous)} req/s; ${statements.length} SQL statements per signed-in request`,
      },
    ];
  } finally {
    await server.close();
    await bench.drop();
  }
}
