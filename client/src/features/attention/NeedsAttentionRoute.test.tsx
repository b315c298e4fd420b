import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { loadQuery } from 'react-relay';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../test/render.tsx';
import type { NeedsAttentionRouteQuery } from './__generated__/NeedsAttentionRouteQuery.graphql.ts';
import { attentionExportUrl } from './exportNeedsAttention.ts';
import { NeedsAttentionScreen, needsAttentionQuery } from './NeedsAttentionRoute.tsx';

const supportBotId = btoa('Bot:bot-uuid-1');

const exchange = (id: string, message: string, extra: Record<string, unknown> = {}) => ({
  id: btoa(`ChatLog:${id}`),
  channel: 'widget',
  userName: null,
  phoneNumber: null,
  timestamp: '2026-11-20T10:00:00Z',
  message,
  response: `answer to ${message}`,
  bot: { name: 'Support bot' },
  rating: null,
  ratingComment: null,
  ...extra,
});

const giftCards = {
  id: 'g1',
  question: 'Gift cards: do you sell them?',
  count: 3,
  reasons: ['UNANSWERED'],
  bot: { id: supportBotId, name: 'Support bot' },
  exchanges: [
    exchange('e1', 'Gift cards: do you sell them?'),
    exchange('e2', 'Do you sell gift cards online?'),
    exchange('e3', 'Do you sell gift cards?'),
  ],
};

const openingHours = {
  id: 'g2',
  question: 'When does the Lyon store open?',
  count: 1,
  reasons: ['RATED_DOWN'],
  bot: { name: 'Support bot' },
  exchanges: [exchange('e4', 'When does the Lyon store open?', { rating: 'DOWN', ratingComment: 'It opens at 10 on Saturdays' })],
};

const listResolvers = (groups: unknown[]) => ({
  User: () => ({ id: 'viewer-1' }),
  UserNeedsAttentionConnection: () => ({
    edges: groups.map((node, index) => ({ cursor: `c${index}`, node })),
    pageInfo: { hasNextPage: false, endCursor: 'c1' },
  }),
  UserBotsConnection: () => ({ edges: [{ cursor: 'b', node: { id: supportBotId, name: 'Support bot' } }] }),
});

/** The latest operation of that name the screen has sent. */
const operationNamed = (environment: ReturnType<typeof createMockEnvironment>, name: string) =>
  environment.mock
    .getAllOperations()
    .filter((operation) => operation.request.node.params.name === name)
    .at(-1)!;

function renderNeedsAttention(groups: unknown[] = [giftCards, openingHours]) {
  const environment = createMockEnvironment();
  const queryRef = loadQuery<NeedsAttentionRouteQuery>(environment, needsAttentionQuery, {});
  environment.mock.resolveMostRecentOperation((operation) => MockPayloadGenerator.generate(operation, listResolvers(groups)));
  renderRoute(
    <Suspense fallback="loading">
      <NeedsAttentionScreen queryRef={queryRef} />
    </Suspense>,
    { environment },
  );
  return environment;
}

describe('NeedsAttentionScreen', () => {
  it('shows each question once with how often it was asked, why, and its latest exchange', async () => {
    renderNeedsAttention();
    expect(await screen.findByRole('heading', { name: 'Gift cards: do you sell them?' })).toBeTruthy();
    expect(screen.getByText('Asked 3 times')).toBeTruthy();
    expect(screen.getByText('Asked once')).toBeTruthy();
    expect(screen.getByText('Not in the knowledge')).toBeTruthy();
    expect(screen.getAllByText('Rated not helpful').length).toBeGreaterThan(0);
    expect(screen.getByText('What was wrong: “It opens at 10 on Saturdays”')).toBeTruthy();
    expect(screen.queryByText('Do you sell gift cards online?')).toBeNull();
  });

  it('shows every wording of a question on demand', async () => {
    renderNeedsAttention();
    fireEvent.click(await screen.findByRole('button', { name: 'Show all 3 exchanges' }));
    expect(screen.getByText('Do you sell gift cards online?')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show the latest only' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('refetches with the bot, date and order chosen, without a text search', async () => {
    const environment = renderNeedsAttention();
    await screen.findByText('Asked 3 times');
    expect(screen.queryByRole('searchbox')).toBeNull();
    fireEvent.change(screen.getByRole('combobox', { name: 'Filter by bot' }), { target: { value: supportBotId } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Order' }), { target: { value: 'NEWEST' } });
    const operation = operationNamed(environment, 'NeedsAttentionListRefetchQuery');
    expect(operation.request.variables).toMatchObject({ botId: supportBotId, order: 'NEWEST', dateRange: 'all' });
    await act(async () => {
      environment.mock.resolve(
        operation,
        MockPayloadGenerator.generate(operation, {
          User: () => ({ id: 'viewer-1' }),
          UserNeedsAttentionConnection: () => ({ edges: [], pageInfo: { hasNextPage: false } }),
        }),
      );
    });
    expect(await screen.findByText('Nothing needs attention with these filters.')).toBeTruthy();
  });

  it('shows a question newly rated down without a reload, live with the filters on screen', async () => {
    const environment = renderNeedsAttention([giftCards]);
    await screen.findByText('Asked 3 times');
    expect(screen.queryByRole('heading', { name: 'When does the Lyon store open?' })).toBeNull();
    const live = operationNamed(environment, 'NeedsAttentionListChangesSubscription');
    expect(live.request.variables).toMatchObject({ botId: null, dateRange: 'all', order: 'MOST_FREQUENT' });
    await act(async () => {
      environment.mock.nextValue(live, MockPayloadGenerator.generate(live, listResolvers([openingHours, giftCards])));
    });
    expect(await screen.findByRole('heading', { name: 'When does the Lyon store open?' })).toBeTruthy();
    expect(screen.getByText('Asked 3 times')).toBeTruthy();

    fireEvent.change(screen.getByRole('combobox', { name: 'Order' }), { target: { value: 'NEWEST' } });
    await waitFor(() =>
      expect(operationNamed(environment, 'NeedsAttentionListChangesSubscription').request.variables).toMatchObject({ order: 'NEWEST' }),
    );
  });

  it('saves the right answer written for a question as a Q&A pair of its bot, and the question leaves the list', async () => {
    const environment = renderNeedsAttention();
    fireEvent.click(await screen.findByRole('button', { name: 'Write the right answer to “Gift cards: do you sell them?”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Write the right answer' });
    expect(within(dialog).getByText('answer to Gift cards: do you sell them?')).toBeTruthy();
    expect((within(dialog).getByRole('textbox', { name: /Question/ }) as HTMLInputElement).value).toBe('Gift cards: do you sell them?');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save the answer' }));
    expect(await within(dialog).findByText('Write the answer the bot should give.')).toBeTruthy();

    fireEvent.change(within(dialog).getByRole('textbox', { name: /The right answer/ }), {
      target: { value: 'Yes, from 10 to 200 euros.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save the answer' }));
    const save = operationNamed(environment, 'WriteAnswerDialogMutation');
    expect(save.request.variables).toEqual({
      botId: supportBotId,
      input: { question: 'Gift cards: do you sell them?', answer: 'Yes, from 10 to 200 euros.' },
    });
    await act(async () => {
      environment.mock.resolve(save, { data: { createQaPair: { __typename: 'QaPair', id: btoa('QaPair:qa-1'), error: null } } });
    });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Gift cards: do you sell them?' })).toBeNull());
    expect(screen.getByRole('heading', { name: 'When does the Lyon store open?' })).toBeTruthy();
  });

  it('says when nothing needs attention yet', async () => {
    renderNeedsAttention([]);
    expect(await screen.findByText(/Nothing needs attention\. Questions your bots could not answer/)).toBeTruthy();
  });
});

describe('the CSV export address', () => {
  it('carries the filters and the order, with the plain bot id the REST API takes', () => {
    expect(attentionExportUrl({ search: '', botId: supportBotId, dateRange: 'last_week', order: 'NEWEST' })).toBe(
      '/api/v1/customer/needs-attention/export?date_range=last_week&order=newest&bot_id=bot-uuid-1',
    );
  });
});
