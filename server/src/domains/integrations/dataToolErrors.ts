// The data tool's expected failures, each code written once beside its message.
import { NotFoundError, ValidationError } from '../../errors.ts';

export const DATA_TOOL_MESSAGES = {
  missingSheet: 'Please select both sheets.',
  botIdRequired: 'Bot ID required.',
  apiKeyRequired: 'The Notion API key is required.',
} as const;

export const dataToolErrors = {
  apiKeyRequired: () =>
    new ValidationError(DATA_TOOL_MESSAGES.apiKeyRequired, [{ path: 'apiKey', message: DATA_TOOL_MESSAGES.apiKeyRequired }]),
  noSheetConfig: () => new NotFoundError('No Google Sheet is configured for this bot yet.', 'SHEET_CONFIG_NOT_FOUND'),
  noNotionConfig: () => new NotFoundError('No Notion configuration is saved for this bot yet.', 'NOTION_CONFIG_NOT_FOUND'),
  noTool: () => new ValidationError('Choose Google Sheet or Notion as the data tool first.', [], 'NO_DATA_TOOL'),
  googleNotConnected: () =>
    new ValidationError(
      'Google Sheets is not connected. Connect it in Settings › Integrations, then try again.',
      [],
      'GOOGLE_NOT_CONNECTED',
    ),
  sheetUnreadable: () =>
    new ValidationError(
      'The incoming sheet could not be read. Check that it still exists and that the connected account can open it.',
      [],
      'SHEET_UNREADABLE',
    ),
  sheetEmpty: () => new ValidationError('The incoming sheet has no rows under its header row yet.', [], 'SHEET_EMPTY'),
  notionEmpty: () => new ValidationError('The Notion read database has no pages yet.', [], 'NOTION_EMPTY'),
  notion: (message: string) => new ValidationError(message, [], 'NOTION_REFUSED'),
};
