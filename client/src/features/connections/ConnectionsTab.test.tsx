import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../../test/axe.ts';
import { BOT_ID, renderSavedBot, resolveOperation } from '../editor/editorTestKit.tsx';

const connectedBot = (overrides: Record<string, unknown> = {}) => ({
  __typename: 'Bot',
  id: BOT_ID,
  whatsAppNumbers: [{ id: 'n1', phoneNumber: '14155550100', linkedAt: '2026-11-20T10:00:00.000Z' }],
  dataTool: 'none',
  sheetConfig: null,
  notionConfig: null,
  ...overrides,
});

async function openConnections(overrides: Record<string, unknown> = {}) {
  const view = await renderSavedBot();
  const user = userEvent.setup();
  await user.click(screen.getByRole('tab', { name: 'Connections' }));
  await resolveOperation(view.environment, 'ConnectionsTabQuery', { node: connectedBot(overrides) });
  await screen.findByRole('heading', { name: 'WhatsApp' });
  return { ...view, user };
}

describe('the connections tab', () => {
  it('lists the linked numbers and is accessible', async () => {
    await openConnections();
    expect(screen.getByText('+14155550100')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'None' }).hasAttribute('disabled')).toBe(true);
    expect(await seriousViolations(document.body)).toEqual([]);
  });

  it('checks the number before linking it with the chosen country code', async () => {
    const { environment, user } = await openConnections();
    const input = screen.getByRole('textbox', { name: 'Phone number' }) as HTMLInputElement;
    await user.click(screen.getByRole('button', { name: 'Link number' }));
    expect(await screen.findByText('Please enter a phone number.')).toBeTruthy();
    await user.type(input, '0+6-1');
    expect(input.value).toBe('061');
    await user.click(screen.getByRole('button', { name: 'Link number' }));
    expect(await screen.findByText('Enter a valid phone number (no symbols, 7-15 digits, no leading zero).')).toBeTruthy();
    expect(environment.mock.getAllOperations()).toHaveLength(0);

    await user.clear(input);
    await user.type(input, '612345678');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country code' }), 'FR');
    await user.click(screen.getByRole('button', { name: 'Link number' }));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.variables).toEqual({ botId: BOT_ID, phoneNumber: '33612345678' });
    await act(async () => {
      environment.mock.resolve(operation, {
        data: {
          linkWhatsAppNumber: connectedBot({
            whatsAppNumbers: [
              { id: 'n2', phoneNumber: '33612345678', linkedAt: '2026-11-24T10:00:00.000Z' },
              { id: 'n1', phoneNumber: '14155550100', linkedAt: '2026-11-20T10:00:00.000Z' },
            ],
          }),
        },
      });
    });
    expect(await screen.findByText('+33612345678')).toBeTruthy();
    expect(screen.getByText('WhatsApp number linked.')).toBeTruthy();
    expect(input.value).toBe('');
  });

  it('shows the server refusal when linking fails', async () => {
    const { environment, user } = await openConnections();
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '4155550199');
    await user.click(screen.getByRole('button', { name: 'Link number' }));
    await act(async () => {
      environment.mock.resolveMostRecentOperation({
        data: {
          linkWhatsAppNumber: {
            __typename: 'ConflictError',
            __isError: 'ConflictError',
            message: 'This WhatsApp number is already linked to a chatbot of another account.',
          },
        },
      });
    });
    expect(await screen.findByText('This WhatsApp number is already linked to a chatbot of another account.')).toBeTruthy();
    expect(screen.getByText('Failed')).toBeTruthy();
  });

  it('changes the data tool, and keeps a saved Notion config read-only until Edit', async () => {
    const { environment, user } = await openConnections({
      dataTool: 'notion',
      notionConfig: { apiKeyMasked: 'ntn…9e47', readDatabaseId: 'a'.repeat(32), writeDatabaseId: 'b'.repeat(32) },
    });
    expect(screen.getByText('ntn…9e47')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect((screen.getByRole('textbox', { name: 'Read database id' }) as HTMLInputElement).value).toBe('a'.repeat(32));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Google Sheet' }));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.variables).toEqual({ botId: BOT_ID, tool: 'sheet' });
    await act(async () => {
      environment.mock.resolve(operation, { data: { setBotDataTool: connectedBot({ dataTool: 'sheet' }) } });
    });
    expect(await screen.findByText('Tool Updated')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Google Sheet' }).hasAttribute('disabled')).toBe(true));
    await resolveOperation(environment, 'DataToolSectionSpreadsheetsQuery', {
      viewer: { id: 'viewer', googleSpreadsheets: { connected: false, message: 'Google Sheets not connected', spreadsheets: [] } },
    });
    expect(await screen.findByText('Google Sheets not connected')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open Settings › Integrations' })).toBeTruthy();
  });
});
