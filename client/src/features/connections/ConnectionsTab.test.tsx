import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { seriousViolations } from '../../test/axe.ts';
import { toaster } from '../../ui/toaster.tsx';
import { BOT_ID, renderSavedBot, resolveOperation } from '../editor/editorTestKit.tsx';

// The toaster is a module-wide store: a toast of one test would otherwise show in the next.
afterEach(() => {
  toaster.remove();
});

const connectedBot = (overrides: Record<string, unknown> = {}) => ({
  __typename: 'Bot',
  id: BOT_ID,
  whatsAppDelivers: true,
  whatsAppNumbers: [{ id: 'n1', phoneNumber: '14155550100', linkedAt: '2026-11-20T10:00:00.000Z' }],
  dataTool: 'none',
  allowedCrawlSchedules: ['OFF', 'DAILY', 'WEEKLY'],
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

  it("says, before and after linking, that messages will not arrive while the platform's WhatsApp is not configured", async () => {
    const { environment, user } = await openConnections({ whatsAppDelivers: false });
    expect(screen.getByText('WhatsApp is not set up on this platform yet')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '4155550199');
    await user.click(screen.getByRole('button', { name: 'Link number' }));
    await act(async () => {
      environment.mock.resolveMostRecentOperation({
        data: {
          linkWhatsAppNumber: connectedBot({
            whatsAppDelivers: false,
            whatsAppNumbers: [{ id: 'n2', phoneNumber: '14155550199', linkedAt: '2026-11-24T10:00:00.000Z' }],
          }),
        },
      });
    });
    expect(
      await screen.findByText(
        'WhatsApp number linked. Its messages will not arrive until an administrator configures the platform’s WhatsApp.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('WhatsApp number linked.')).toBeNull();
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

const QR = {
  __typename: 'WhatsAppRegistrationQr',
  imageDataUrl: 'data:image/png;base64,iVBORw0KGgo=',
  link: 'https://wa.me/15550001111?text=LINK-abc123',
  expiresAt: '2026-11-24T10:15:00.000Z',
};

describe('the WhatsApp QR dialog', () => {
  it('shows a fresh registration code with its link, and Refresh QR fetches another', async () => {
    const { environment, user } = await openConnections();
    await user.click(screen.getByRole('button', { name: 'Scan QR' }));
    const first = await resolveOperation(environment, 'WhatsAppSectionQrMutation', { createWhatsAppRegistrationQr: QR });
    expect(first.request.variables).toEqual({ botId: BOT_ID });
    const dialog = await screen.findByRole('dialog', { name: 'Link a number by QR code' });
    const image = within(dialog).getByRole('img', { name: 'QR code that opens WhatsApp with the registration message' });
    expect(image.getAttribute('src')).toBe(QR.imageDataUrl);
    expect(within(dialog).getByText(QR.link)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Or open the link on the phone' }).getAttribute('href')).toBe(QR.link);
    expect(within(dialog).getByText(/^This code expires at /)).toBeTruthy();
    expect(screen.queryByText('QR Code Refreshed')).toBeNull();
    expect(await seriousViolations(dialog)).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Refresh QR' }));
    await resolveOperation(environment, 'WhatsAppSectionQrMutation', {
      createWhatsAppRegistrationQr: { ...QR, link: 'https://wa.me/15550001111?text=LINK-def456' },
    });
    expect(await screen.findByText('QR Code Refreshed')).toBeTruthy();
    expect(within(dialog).getByText('https://wa.me/15550001111?text=LINK-def456')).toBeTruthy();
  });

  it('says plainly in the dialog when WhatsApp is not set up', async () => {
    const { environment, user } = await openConnections();
    await user.click(screen.getByRole('button', { name: 'Scan QR' }));
    await resolveOperation(environment, 'WhatsAppSectionQrMutation', {
      createWhatsAppRegistrationQr: {
        __typename: 'ServiceUnavailableError',
        __isError: 'ServiceUnavailableError',
        message: 'WhatsApp is not configured on this platform yet.',
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Link a number by QR code' });
    const alert = within(dialog).getByRole('alert');
    expect(alert.textContent).toContain('Failed to Refresh QR Code');
    expect(alert.textContent).toContain('WhatsApp is not configured on this platform yet.');
    expect(within(dialog).queryByRole('img')).toBeNull();
  });

  it('falls back to the spec text when the request itself fails', async () => {
    const { environment, user } = await openConnections();
    await user.click(screen.getByRole('button', { name: 'Scan QR' }));
    await act(async () => {
      environment.mock.rejectMostRecentOperation(new Error('network down'));
    });
    const dialog = await screen.findByRole('dialog', { name: 'Link a number by QR code' });
    expect(within(dialog).getByRole('alert').textContent).toContain('Failed to fetch WhatsApp QR code');
  });
});

describe('unlinking a number', () => {
  it('asks first, then unlinks it and lists what the server returns', async () => {
    const { environment, user } = await openConnections();
    await user.click(screen.getByRole('button', { name: 'Unlink +14155550100' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Unlink this number?' });
    expect(environment.mock.getAllOperations()).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Unlink' }));
    const operation = await resolveOperation(environment, 'WhatsAppSectionUnlinkMutation', {
      unlinkWhatsAppNumber: connectedBot({ whatsAppNumbers: [] }),
    });
    expect(operation.request.variables).toEqual({ botId: BOT_ID, numberId: 'n1' });
    expect(await screen.findByText('Deleted')).toBeTruthy();
    expect(screen.getByText('No number is linked to this bot yet.')).toBeTruthy();
  });

  it('keeps the number and says why when the server refuses', async () => {
    const { environment, user } = await openConnections();
    await user.click(screen.getByRole('button', { name: 'Unlink +14155550100' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Unlink' }));
    await resolveOperation(environment, 'WhatsAppSectionUnlinkMutation', {
      unlinkWhatsAppNumber: { __typename: 'NotFoundError', __isError: 'NotFoundError', message: 'WhatsApp number not found.' },
    });
    expect(await screen.findByText('Delete failed')).toBeTruthy();
    expect(screen.getByText('WhatsApp number not found.')).toBeTruthy();
    expect(screen.getByText('+14155550100')).toBeTruthy();
  });
});

const SPREADSHEETS = {
  viewer: {
    id: 'viewer',
    googleSpreadsheets: {
      connected: true,
      message: '',
      spreadsheets: [
        { spreadsheetId: 'sp-in', spreadsheetName: 'Lamp catalog', sheets: [{ sheetTitle: 'Lamps' }, { sheetTitle: 'Archive' }] },
        { spreadsheetId: 'sp-out', spreadsheetName: 'Lamp leads', sheets: [{ sheetTitle: 'Leads' }] },
      ],
    },
  },
};

describe('the Google Sheet data tool', () => {
  it('needs both sheets, then saves the choice with the spreadsheet names', async () => {
    const { environment, user } = await openConnections({ dataTool: 'sheet' });
    await resolveOperation(environment, 'DataToolSectionSpreadsheetsQuery', SPREADSHEETS);
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Missing Sheet')).toBeTruthy();
    expect(screen.getByText('Please select both sheets.')).toBeTruthy();
    expect(environment.mock.getAllOperations()).toHaveLength(0);

    const [incoming, completed] = screen.getAllByRole('combobox', { name: 'Spreadsheet' });
    await user.selectOptions(incoming!, 'sp-in');
    await user.selectOptions(screen.getAllByRole('combobox', { name: 'Sheet' })[0]!, 'Lamps');
    await user.selectOptions(completed!, 'sp-out');
    await user.selectOptions(screen.getAllByRole('combobox', { name: 'Sheet' })[1]!, 'Leads');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const sheetConfig = {
      incomingSpreadsheetId: 'sp-in',
      incomingSpreadsheetName: 'Lamp catalog',
      incomingSheetName: 'Lamps',
      completedSpreadsheetId: 'sp-out',
      completedSpreadsheetName: 'Lamp leads',
      completedSheetName: 'Leads',
    };
    const operation = await resolveOperation(environment, 'DataToolSectionSheetMutation', {
      saveSheetConfig: connectedBot({ dataTool: 'sheet', sheetConfig }),
    });
    expect(operation.request.variables).toEqual({ input: { botId: BOT_ID, ...sheetConfig } });
    expect(await screen.findByText('Sheet config updated.')).toBeTruthy();
    expect(screen.getByText('Saved')).toBeTruthy();
  });

  it('syncs on demand', async () => {
    const { environment, user } = await openConnections({ dataTool: 'sheet' });
    await resolveOperation(environment, 'DataToolSectionSpreadsheetsQuery', SPREADSHEETS);
    await user.click(screen.getByRole('button', { name: 'Sync now' }));
    const operation = await resolveOperation(environment, 'DataToolSectionSyncMutation', {
      syncBotDataTool: { __typename: 'Bot', id: BOT_ID },
    });
    expect(operation.request.variables).toEqual({ botId: BOT_ID });
    expect(await screen.findByText('Sync started')).toBeTruthy();
  });

  it('says when the tool could not be changed', async () => {
    const { environment, user } = await openConnections();
    await user.click(screen.getByRole('button', { name: 'Notion' }));
    await act(async () => {
      environment.mock.rejectMostRecentOperation(new Error('network down'));
    });
    expect(await screen.findByText('Error')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'None' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('the Notion data tool', () => {
  it('syncs the saved database on its own, on the schedules the plan allows', async () => {
    const { environment, user } = await openConnections({
      dataTool: 'notion',
      allowedCrawlSchedules: ['OFF', 'WEEKLY'],
      notionConfig: { apiKeyMasked: 'ntn…9e47', readDatabaseId: 'a'.repeat(32), writeDatabaseId: 'b'.repeat(32), syncSchedule: 'OFF' },
    });
    const schedule = screen.getByRole('combobox', { name: 'Automatic sync' }) as HTMLSelectElement;
    expect((within(schedule).getByRole('option', { name: 'Every day' }) as HTMLOptionElement).disabled).toBe(true);
    expect(screen.getByText('Not in your plan: Every day. Upgrade your plan to refresh more often.')).toBeTruthy();
    expect(await seriousViolations(document.body)).toEqual([]);

    await user.selectOptions(schedule, 'WEEKLY');
    const operation = await resolveOperation(environment, 'DataToolSectionScheduleMutation', {
      setDataToolSyncSchedule: { __typename: 'Bot', id: BOT_ID, sheetConfig: null, notionConfig: { syncSchedule: 'WEEKLY' } },
    });
    expect(operation.request.variables).toEqual({ botId: BOT_ID, schedule: 'WEEKLY' });
    await waitFor(() => expect(schedule.value).toBe('WEEKLY'));
  });

  it('requires the API key for a first config, saves it, and then shows it read-only with the key masked', async () => {
    const { environment, user } = await openConnections({ dataTool: 'notion' });
    const key = screen.getByLabelText(/^API key/) as HTMLInputElement;
    expect(key.type).toBe('password');
    await user.type(screen.getByRole('textbox', { name: 'Read database id' }), 'read-db');
    await user.type(screen.getByRole('textbox', { name: 'Write database id' }), 'write-db');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The Notion API key is required.')).toBeTruthy();
    expect(environment.mock.getAllOperations()).toHaveLength(0);

    await user.type(key, 'ntn_secret_1234');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const operation = await resolveOperation(environment, 'DataToolSectionNotionMutation', {
      saveNotionConfig: connectedBot({
        dataTool: 'notion',
        notionConfig: { apiKeyMasked: 'ntn_…1234', readDatabaseId: 'read-db', writeDatabaseId: 'write-db' },
      }),
    });
    expect(operation.request.variables).toEqual({
      input: { botId: BOT_ID, apiKey: 'ntn_secret_1234', readDatabaseId: 'read-db', writeDatabaseId: 'write-db' },
    });
    expect(await screen.findByText('Added Notion config')).toBeTruthy();
    expect(screen.getByText('ntn_…1234')).toBeTruthy();
    expect(screen.queryByText('ntn_secret_1234')).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
  });

  it('updates a saved config, keeping the stored key when the field is left empty', async () => {
    const { environment, user } = await openConnections({
      dataTool: 'notion',
      notionConfig: { apiKeyMasked: 'ntn_…1234', readDatabaseId: 'read-db', writeDatabaseId: 'write-db' },
    });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const write = screen.getByRole('textbox', { name: 'Write database id' });
    await user.clear(write);
    await user.type(write, 'other-db');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const operation = await resolveOperation(environment, 'DataToolSectionNotionMutation', {
      saveNotionConfig: { __typename: 'ValidationError', __isError: 'ValidationError', message: 'Notion refused the API key.' },
    });
    expect(operation.request.variables).toEqual({
      input: { botId: BOT_ID, apiKey: null, readDatabaseId: 'read-db', writeDatabaseId: 'other-db' },
    });
    expect(await screen.findByText('Notion refused the API key.')).toBeTruthy();
    expect(screen.getByText('Failed')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });
});
