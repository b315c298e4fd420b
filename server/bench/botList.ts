import { randomUUID } from 'node:crypto';
import { createDatabase } from '../src/platform/database/index.ts';
import { applyMigrations } from '../src/platform/database/migrate.ts';
import type { BenchRow } from './knowledge.ts';
import { graphql, startTestServer } from '../test/harness.ts';
import { logIn } from '../test/accounts.ts';

const BOTS = 100;
const DOCUMENTS_PER_BOT = 3;

/** SQL statements one `viewer.bots` page of 100 bots with their documents costs (N+1 would be 100+). */
export async function benchBotListQueries(): Promise<BenchRow> {
  let counting = false;
  const statements: string[] = [];
  const database = await createDatabase({ onQuery: (sql) => counting && statements.push(sql) });
  await applyMigrations(database);
  const server = await startTestServer({}, { database });
  try {
    const customer = await logIn(server, 'customer@example.com', 'customer-demo-2026');
    const { prisma } = server.platform;
    await prisma.bot.createMany({
      data: Array.from({ length: BOTS }, (_, index) => ({
        id: randomUUID(),
        ownerId: customer.userId,
        name: `Bot ${index}`,
        displayName: `Bot ${index}`,
        useCase: 'faq-bot',
        widgetToken: randomUUID(),
      })),
    });
    const bots = await prisma.bot.findMany({ where: { ownerId: customer.userId }, select: { id: true } });
    await prisma.document.createMany({
      data: bots.flatMap((bot) =>
        Array.from({ length: DOCUMENTS_PER_BOT }, (_, index) => ({
          botId: bot.id,
          fileName: `doc-${index}.txt`,
          mimeType: 'text/plain',
          sizeBytes: 10,
          contentHash: randomUUID(),
          storageKey: `bots/${bot.id}/documents/${index}`,
          status: 'completed' as const,
        })),
      ),
    });
    // The same request without the bots costs the token check and the viewer: the rest is the list's.
    counting = true;
    await graphql(server, '{ viewer { id } }', {}, customer.accessToken);
    const baseline = statements.length;
    statements.length = 0;
    const result = await graphql(
      server,
      `{ viewer { bots(first: ${BOTS}) { totalCount edges { node { id name status conversationsToday lastUpdated owner { fullName } documents { edges { node { id fileName status } } } } } } } }`,
      {},
      customer.accessToken,
    );
    counting = false;
    if (result.errors) throw new Error(JSON.stringify(result.errors));
    const listStatements = statements.length - baseline;
    return {
      benchmark: `SQL statements for viewer.bots (${BOTS} bots, ${BOTS * DOCUMENTS_PER_BOT} documents)`,
      value: listStatements,
      unit: 'statements',
      goal: '<= 3',
      ok: listStatements <= 3,
      detail: `${statements.length} for the whole request, ${baseline} of them the token check and viewer`,
    };
  } finally {
    await server.close();
    await database.close();
  }
}
