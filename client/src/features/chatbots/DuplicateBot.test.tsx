import { act, screen, waitFor } from '@testing-library/react';
import { MockPayloadGenerator } from 'relay-test-utils';
import { describe, expect, it } from 'vitest';
import { bot, chooseMenuItem, createButton, renderChatbots } from './chatbotsTestKit.tsx';
describe('the bot card menu', () => {
  it('duplicates a bot and shows the copy at once', async () => {
    const environment = renderChatbots();
    await screen.findByRole('heading', { name: 'Support bot' });
    await chooseMenuItem('Support bot', 'Duplicate');
    await waitFor(() => expect(environment.mock.getAllOperations()).toHaveLength(1));
    await act(async () => {
      environment.mock.resolveMostRecentOperation((operation) =>
        MockPayloadGenerator.generate(operation, { Bot: () => ({ ...bot('b3', 'Support bot (copy)'), __typename: 'Bot' }) }),
      );
    });
    expect(await screen.findByRole('heading', { name: 'Support bot (copy)' })).toBeTruthy();
    expect(screen.getByText('ChatBot Duplicated Successfully')).toBeTruthy();
    expect(screen.getByText('3 / 3 bots')).toBeTruthy();
    expect(createButton().disabled).toBe(true);
  });
});
