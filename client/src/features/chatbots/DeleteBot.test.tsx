import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chooseMenuItem, renderChatbots } from './chatbotsTestKit.tsx';
describe('the bot card menu', () => {
  it('deletes a bot after confirmation and removes its card in place', async () => {
    const environment = renderChatbots();
    await screen.findByRole('heading', { name: 'Support bot' });
    await chooseMenuItem('Support bot', 'Delete');
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe('DeleteBotDialogMutation');
    expect(operation.request.variables.id).toBe('b1');
    await act(async () => {
      environment.mock.resolve(operation, { data: { deleteBot: { __typename: 'DeletedBotPayload', deletedId: 'b1' } } });
    });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Support bot' })).toBeNull());
    expect(screen.getByText('ChatBot Deleted Successfully')).toBeTruthy();
    expect(screen.getByText('1 / 3 bots')).toBeTruthy();
  });
});
