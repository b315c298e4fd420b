import { act, fireEvent, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { loadQuery } from 'react-relay';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n/index.ts';
import { renderRoute } from '../../test/render.tsx';
import type { LogsRouteQuery } from './__generated__/LogsRouteQuery.graphql.ts';
import { exportUrl } from './exportChatLogs.ts';
import { LogsScreen, logsQuery } from './LogsRoute.tsx';

const VIEWER_ID = 'viewer-1';
const supportBotId = btoa('Bot:bot-uuid-1');

const log = (id: string, channel: string, extra: Record<string, unknown> = {}) => ({
  id,
  channel,
  userName: 'Visitor',
  phoneNumber: '+41791234567',
  timestamp: '2026-11-20T10:00:00Z',
  message: `question ${id}`,
  response: `answer ${id}`,
  answeredBy: 'BOT',
  personName: null,
  bot: { id: supportBotId, name: 'Support bot' },
  rating: null,
  ratingComment: null,
  ...extra,
});

const PASSAGE = { sourceType: 'DOCUMENT', url: null, page: null, heading: null, score: 0.5, snippet: 'Text.' };
const CITED = { ...PASSAGE, index: 1, citedAs: 1, title: 'policies.txt', heading: 'Opening hours', score: 0.82, snippet: 'Opens at 9 am.' };
const OFFLINE = { passagesKept: true, author: 'OFFLINE', model: null, latencyMs: 3, costCredits: 0, promptTokens: 5, completionTokens: 20 };

function renderLogs(logs = [log('l1', 'whatsapp'), log('l2', 'widget')], hasNextPage = false) {
  const environment = createMockEnvironment();
  const queryRef = loadQuery<LogsRouteQuery>(environment, logsQuery, {});
  environment.mock.resolveMostRecentOperation((operation) =>
    MockPayloadGenerator.generate(operation, {
      User: () => ({ id: VIEWER_ID }),
      UserChatLogsConnection: () => ({
        edges: logs.map((node, index) => ({ cursor: `c${index}`, node })),
        pageInfo: { hasNextPage, endCursor: 'c1' },
      }),
      UserBotsConnection: () => ({ edges: [{ cursor: 'b', node: { id: supportBotId, name: 'Support bot' } }] }),
    }),
  );
  renderRoute(
    <Suspense fallback="loading">
      <LogsScreen queryRef={queryRef} />
    </Suspense>,
    { environment },
  );
  return environment;
}

describe('LogsScreen', () => {
  afterEach(() => changeLanguage('en'));

  it('shows each exchange with its channel badge, and the phone number only for WhatsApp', async () => {
    renderLogs();
    expect(await screen.findByText('question l1')).toBeTruthy();
    expect(screen.getByText('answer l2')).toBeTruthy();
    expect(screen.getByText('WHATSAPP')).toBeTruthy();
    expect(screen.getByText('WIDGET')).toBeTruthy();
    expect(screen.getAllByText('+41791234567')).toHaveLength(1);
  });

  it("says who answered each exchange, and offers why and a better answer for the bot's answers only", async () => {
    renderLogs([
      log('l1', 'widget', { answeredBy: 'PERSON', personName: 'Anna Smith' }),
      log('l2', 'widget'),
      log('l3', 'widget', { answeredBy: 'PERSON', personName: 'Anna Smith', message: '' }),
    ]);
    const [byPerson, byBot, followUp] = await screen.findAllByRole('listitem');
    expect(within(byPerson!).getByText('Anna Smith (person)')).toBeTruthy();
    expect(within(byPerson!).getByText('Anna Smith:')).toBeTruthy();
    expect(within(byPerson!).queryByRole('button')).toBeNull();
    expect(within(byBot!).getByText('Bot')).toBeTruthy();
    expect(within(byBot!).getByRole('button', { name: 'Why this answer to “question l2”?' })).toBeTruthy();
    expect(within(byBot!).getByRole('button', { name: 'Write the right answer to “question l2”' })).toBeTruthy();
    // A follow-up answering no message of the visitor's shows no empty question line.
    expect(within(followUp!).queryByText('User:')).toBeNull();
    expect(within(followUp!).getByText('answer l3')).toBeTruthy();
  });

  it('names the person who answered in French', async () => {
    await changeLanguage('fr');
    renderLogs([log('l1', 'widget', { answeredBy: 'PERSON', personName: 'Anna Smith' }), log('l2', 'widget')]);
    expect(await screen.findByText('Anna Smith (personne)')).toBeTruthy();
    expect(screen.getByText('Anna Smith :')).toBeTruthy();
    expect(screen.getByText('Bot')).toBeTruthy();
  });

  it('shows how an answer was rated and what the visitor said was wrong', async () => {
    renderLogs([
      log('l1', 'widget', { rating: 'DOWN', ratingComment: 'It opens at 10 on Sundays' }),
      log('l2', 'widget', { rating: 'UP' }),
      log('l3', 'widget'),
    ]);
    expect(await screen.findByText('Rated not helpful')).toBeTruthy();
    expect(screen.getByText('What was wrong: “It opens at 10 on Sundays”')).toBeTruthy();
    expect(screen.getAllByText(/^Rated /).map((badge) => badge.textContent)).toEqual(['Rated not helpful', 'Rated helpful']);
  });

  it("writes the right answer to an exchange's question as a Q&A pair of its bot", async () => {
    const environment = renderLogs();
    fireEvent.click(await screen.findByRole('button', { name: 'Write the right answer to “question l2”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Write the right answer' });
    // Beside the bot's answer, the passages it was given.
    const why = environment.mock.getAllOperations().find((operation) => operation.request.node.params.name === 'WhyThisAnswerQuery')!;
    expect(why.request.variables).toEqual({ id: 'l2' });
    await act(async () => {
      environment.mock.resolve(why, {
        data: { node: { __typename: 'ChatLog', id: 'l2', explanation: { ...OFFLINE, passages: [CITED] } } },
      });
    });
    expect(await within(dialog).findByText('What the bot was given')).toBeTruthy();
    expect(within(dialog).getByText('Cited as [1]')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /The right answer/ }), { target: { value: 'The right one.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save the answer' }));
    const save = environment.mock.getMostRecentOperation();
    expect(save.request.node.params.name).toBe('WriteAnswerDialogMutation');
    expect(save.request.variables).toEqual({ botId: supportBotId, input: { question: 'question l2', answer: 'The right one.' } });
    await act(async () => {
      environment.mock.resolve(save, { data: { createQaPair: { __typename: 'QaPair', id: btoa('QaPair:qa-1') } } });
    });
    expect(await screen.findByText('Support bot answers this question with it from now on.')).toBeTruthy();
    expect(screen.getByText('question l2')).toBeTruthy();
  });

  it('opens why an answer came out so: the passages given, which one it cited, who wrote it, the time and the credits', async () => {
    const environment = renderLogs();
    fireEvent.click(await screen.findByRole('button', { name: 'Why this answer to “question l1”?' }));
    const why = environment.mock.getMostRecentOperation();
    expect(why.request.node.params.name).toBe('WhyThisAnswerQuery');
    expect(why.request.variables).toEqual({ id: 'l1' });
    await act(async () => {
      environment.mock.resolve(why, {
        data: {
          node: {
            __typename: 'ChatLog',
            id: 'l1',
            explanation: {
              passages: [
                CITED,
                { ...PASSAGE, index: 2, citedAs: null, sourceType: 'WEB_PAGE', title: 'Returns', url: 'https://shop.example/returns' },
              ],
              passagesKept: true,
              author: 'MODEL',
              model: 'gpt-4o-mini',
              latencyMs: 1240,
              costCredits: 1.5,
              promptTokens: 812,
              completionTokens: 40,
            },
          },
        },
      });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Why this answer' });
    const [cited, other] = within(dialog).getAllByRole('listitem');
    expect(within(cited!).getByText('Cited as [1]')).toBeTruthy();
    expect(within(cited!).getByText('Match 0.82')).toBeTruthy();
    expect(within(cited!).getByText('Opening hours')).toBeTruthy();
    expect(within(other!).getByText('Not cited')).toBeTruthy();
    expect(within(other!).getByRole('link', { name: 'Returns' }).getAttribute('href')).toBe('https://shop.example/returns');
    expect(within(dialog).getByText('gpt-4o-mini')).toBeTruthy();
    expect(within(dialog).getByText('1.2 s')).toBeTruthy();
    expect(within(dialog).getByText(/^1\.5 credits · 812 tokens read, 40 written$/)).toBeTruthy();
  });

  it('says so when an answer had no passage, and names the offline answerer', async () => {
    const environment = renderLogs();
    fireEvent.click(await screen.findByRole('button', { name: 'Why this answer to “question l2”?' }));
    await act(async () => {
      environment.mock.resolve(environment.mock.getMostRecentOperation(), {
        data: {
          node: {
            __typename: 'ChatLog',
            id: 'l2',
            explanation: { ...OFFLINE, passages: [] },
          },
        },
      });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Why this answer' });
    expect(within(dialog).getByText('The offline answerer (quotes from the knowledge, no model)')).toBeTruthy();
    expect(within(dialog).getByText('None: the knowledge had nothing on this question.')).toBeTruthy();
    expect(within(dialog).getByText('3 ms')).toBeTruthy();
  });

  it('refetches with the search, bot and date filters applied', async () => {
    const environment = renderLogs();
    await screen.findByText('question l1');
    fireEvent.change(screen.getByRole('combobox', { name: 'Filter by bot' }), { target: { value: supportBotId } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Filter by date' }), { target: { value: 'yesterday' } });
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'refund' } });
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe('ChatLogListRefetchQuery');
    expect(operation.request.variables).toMatchObject({ search: 'refund', botId: supportBotId, dateRange: 'yesterday' });
    await act(async () => {
      environment.mock.resolve(
        operation,
        MockPayloadGenerator.generate(operation, {
          User: () => ({ id: VIEWER_ID }),
          UserChatLogsConnection: () => ({ edges: [], pageInfo: { hasNextPage: false } }),
        }),
      );
    });
    expect(await screen.findByText('No conversations match these filters.')).toBeTruthy();
  });

  it('says when there are no conversations yet', async () => {
    renderLogs([]);
    expect(await screen.findByText(/No conversations yet/)).toBeTruthy();
  });

  it('loads the next page', async () => {
    const environment = renderLogs([log('l1', 'widget')], true);
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.variables).toMatchObject({ after: 'c1', first: 20 });
    await act(async () => {
      environment.mock.resolve(
        operation,
        MockPayloadGenerator.generate(operation, {
          User: () => ({ id: VIEWER_ID }),
          UserChatLogsConnection: () => ({
            edges: [{ cursor: 'c2', node: log('l3', 'widget') }],
            pageInfo: { hasNextPage: false, endCursor: 'c2' },
          }),
        }),
      );
    });
    expect(await screen.findByText('question l3')).toBeTruthy();
    expect(screen.getByText('question l1')).toBeTruthy();
  });
});

describe('the CSV export address', () => {
  it('carries the filters, with the plain bot id the REST API takes', () => {
    expect(exportUrl({ search: ' refund ', botId: supportBotId, dateRange: 'last_week' })).toBe(
      '/api/v1/customer/chatlogs/export?date_range=last_week&search=refund&bot_id=bot-uuid-1',
    );
  });
});
