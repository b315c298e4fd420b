import { act, fireEvent, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { loadQuery } from 'react-relay';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import { describe, expect, it } from 'vitest';
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
  bot: { id: supportBotId, name: 'Support bot' },
  rating: null,
  ratingComment: null,
  ...extra,
});

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
  it('shows each exchange with its channel badge, and the phone number only for WhatsApp', async () => {
    renderLogs();
    expect(await screen.findByText('question l1')).toBeTruthy();
    expect(screen.getByText('answer l2')).toBeTruthy();
    expect(screen.getByText('WHATSAPP')).toBeTruthy();
    expect(screen.getByText('WIDGET')).toBeTruthy();
    expect(screen.getAllByText('+41791234567')).toHaveLength(1);
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
