import { act, fireEvent, screen, within } from '@testing-library/react';
import { MockPayloadGenerator } from 'relay-test-utils';
import { describe, expect, it } from 'vitest';
import { bot, createButton, renderChatbots, subscription, viewerResolver } from './chatbotsTestKit.tsx';

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
    renderChatbots({ billing: subscription(2) });
    await screen.findByText('2 / 2 bots');
    expect(createButton().disabled).toBe(true);
  });


  it('disables creation and says so when there is no plan', async () => {
    renderChatbots({ billing: { planType: 'credit', credits: { totalCredits: 0 }, subscription: null } as never, bots: [] });
    expect(await screen.findByText('No plan found. Please purchase a plan to create chatbots.')).toBeTruthy();
    expect(screen.getByText('No chatbots yet. Create your first one.')).toBeTruthy();
    expect(createButton().disabled).toBe(true);
  });


  it('shows no cap for credit users with credits', async () => {
    renderChatbots({ billing: { planType: 'credit', credits: { totalCredits: 100 }, subscription: null } as never });
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
  it('creates a bot from the dialog and shows it at the top of the list', async () => {
    const environment = renderChatbots();
    await screen.findByRole('heading', { name: 'Support bot' });
    fireEvent.click(createButton());
    const dialog = await screen.findByRole('dialog', { name: 'New chatbot' });
    fireEvent.change(within(dialog).getByLabelText(/Bot name/), { target: { value: 'Helpdesk' } });
    fireEvent.change(within(dialog).getByLabelText(/Agent use case/), { target: { value: 'faq-bot' } });
    fireEvent.change(within(dialog).getByLabelText(/Detailed description/), { target: { value: 'Answers FAQs' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.variables.input).toEqual({ name: 'Helpdesk', displayName: 'Helpdesk', useCase: 'faq-bot', description: 'Answers FAQs' });
    await act(async () => {
      environment.mock.resolve(
        operation,
        MockPayloadGenerator.generate(operation, { Bot: () => ({ ...bot('b9', 'Helpdesk'), __typename: 'Bot' }) }),
      );
    });
    expect(await screen.findByText('Bot Saved Successfully')).toBeTruthy();
    const names = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(names[0]).toBe('Helpdesk');
    expect(screen.getByText('3 / 3 bots')).toBeTruthy();
  });
});
