import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chooseMenuItem, renderChatbots } from './chatbotsTestKit.tsx';
describe('the bot card menu', () => {
  it('shows the server message when a delete fails', async () => {
    const environment = renderChatbots();
    await screen.findByRole('heading', { name: 'Support bot' });
    await chooseMenuItem('Support bot', 'Delete');
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await act(async () => {
      environment.mock.resolveMostRecentOperation({
        data: { deleteBot: { __typename: 'NotFoundError', __isError: 'NotFoundError', message: 'Bot not found' } },
      });
    });
    expect(await screen.findByText('ChatBot Deletion Unsuccessful')).toBeTruthy();
    expect(screen.getByText('Bot not found')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Support bot', hidden: true })).toBeTruthy();
  });
});
