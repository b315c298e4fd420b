// The data tool's expected failures, each code written once beside its message. REST answers
// them with their status and {detail}; GraphQL with the NotFoundError / ValidationError types.
import { NotFoundError, ValidationError } from '../../../errors.ts';

export const DATA_TOOL_MESSAGES = {
  /** The spec's Missing Sheet toast text (its title is the client's). */
  missingSheet: 'Please select both sheets.',
  botIdRequired: 'Bot ID required.',
  apiKeyRequired: 'The Notion API key is required.',
} as const;

export const dataToolErrors = {
  apiKeyRequired: () =>
    new ValidationError(DATA_TOOL_MESSAGES.apiKeyRequired, [{ path: 'apiKey', message: DATA_TOOL_MESSAGES.apiKeyRequired }]),
  noSheetConfig: () => new NotFoundError('No Google Sheet is configured for this bot yet.', 'SHEET_CONFIG_NOT_FOUND'),
  noNotionConfig: () => new NotFoundError('No Notion configuration is saved for this bot yet.', 'NOTION_CONFIG_NOT_FOUND'),
  scheduleNotAllowed: (schedule: string) => {
    const message = `Your plan does not allow syncing the data tool ${schedule.toLowerCase()}. Upgrade your plan or choose another schedule.`;
    return new ValidationError(message, [{ path: 'schedule', message }], 'SYNC_SCHEDULE_NOT_ALLOWED');
  },
  noTool: () => new ValidationError('Choose Google Sheet or Notion as the data tool first.', [], 'NO_DATA_TOOL'),
  googleNotConnected: () =>
    new ValidationError(
      'Google Sheets is not connected. Connect it in Settings › Integrations, then try again.',
      [],
      'GOOGLE_NOT_CONNECTED',
    ),
  sheetRefused: () =>
    new ValidationError(
      'Google refused access to the incoming sheet. Reconnect Google Sheets in Settings › Integrations, or share the spreadsheet with the connected account.',
      [],
      'SHEET_ACCESS_DENIED',
    ),
  sheetNotFound: (sheetName: string) =>
    new ValidationError(
      `The incoming sheet “${sheetName}” was not found. Check that the spreadsheet and the sheet still exist, then save the sheet config again.`,
      [],
      'SHEET_NOT_FOUND',
    ),
  completedSheetRefused: () =>
    new ValidationError(
      'Google refused to write to the completed sheet. Reconnect Google Sheets in Settings › Integrations, or share the spreadsheet with the connected account.',
      [],
      'COMPLETED_SHEET_ACCESS_DENIED',
    ),
  completedSheetNotFound: (sheetName: string) =>
    new ValidationError(
      `The completed sheet “${sheetName}” was not found. Check that the spreadsheet and the sheet still exist, then save the sheet config again.`,
      [],
      'COMPLETED_SHEET_NOT_FOUND',
    ),
  sheetUnreadable: () =>
    new ValidationError('The incoming sheet could not be read just now. Please try again in a moment.', [], 'SHEET_UNREADABLE'),
  sheetEmpty: () => new ValidationError('The incoming sheet has no rows under its header row yet.', [], 'SHEET_EMPTY'),
  notionEmpty: () => new ValidationError('The Notion read database has no pages yet.', [], 'NOTION_EMPTY'),
  notion: (message: string) => new ValidationError(message, [], 'NOTION_REFUSED'),
};
