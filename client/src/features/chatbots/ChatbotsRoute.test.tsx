import { act, fireEvent, screen } from '@testing-library/react';
import { MockPayloadGenerator } from 'relay-test-utils';
import { describe, expect, it } from 'vitest';
import { createButton, editorProbe, limitedTo, NO_PLAN, renderChatbots, UNLIMITED, viewerResolver } from './chatbotsTestKit.tsx';

describe('ChatbotsScreen', () => {
  it('shows each bot card with owner, status, update date and conversations, and the bot-limit badge', async () => {
    renderChatbots();
    expect(await screen.findByRole('heading', { name: 'Support bot' })).toBeTruthy();
    expect(screen.getAllByText('Ann Owner')).toHaveLength(2);
    expect(screen.getAllByText('Training').length).toBeGreaterThan(0);
    expect(screen.getAllByText('3 conversations today')).toHaveLength(2);
    expect(screen.getAllByText('Updated Nov 20, 2026')).toHaveLength(2);
    expect(screen.getByText('2 / 3 bots')).toBeTruthy();
    expect(createButton().disabled).toBe(false);
  });

  it('disables creation once the subscription bot limit is reached', async () => {
    renderChatbots({ allowance: limitedTo(2) });
    await screen.findByText('2 / 2 bots');
    expect(createButton().disabled).toBe(true);
  });

  it('disables creation and says so when there is no plan', async () => {
    renderChatbots({ allowance: NO_PLAN, bots: [] });
    expect(await screen.findByText('No plan found. Please purchase a plan to create chatbots.')).toBeTruthy();
    expect(screen.getByText('No chatbots yet. Create your first one.')).toBeTruthy();
    expect(createButton().disabled).toBe(true);
  });

  it('shows no cap for credit users with credits', async () => {
    renderChatbots({ allowance: UNLIMITED });
    await screen.findByRole('heading', { name: 'Support bot' });
    expect(screen.queryByText(/ bots$/)).toBeNull();
    expect(createButton().disabled).toBe(false);
  });

  it('refetches the list with the search text and status filter', async () => {
    const environment = renderChatbots();
    await screen.findByRole('heading', { name: 'Support bot' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Filter by status' }), { target: { value: 'training' } });
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'sal' } });
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe('ChatbotListRefetchQuery');
    expect(operation.request.variables).toMatchObject({ search: 'sal', status: 'training' });
    await act(async () => {
      environment.mock.resolve(
        operation,
        MockPayloadGenerator.generate(operation, {
          User: viewerResolver,
          UserBotsConnection: () => ({ edges: [], pageInfo: { hasNextPage: false, endCursor: null } }),
        }),
      );
    });
    expect(await screen.findByText('No chatbot matches your search.')).toBeTruthy();
  });
});

describe('creating a chatbot', () => {
  it('opens the editor with no bot id, on its first tab', async () => {
    renderChatbots({ routes: editorProbe });
    await screen.findByRole('heading', { name: 'Support bot' });
    fireEvent.click(createButton());
    expect(await screen.findByText('/editor null')).toBeTruthy();
  });
});
