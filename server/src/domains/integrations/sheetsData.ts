// The bot's Google Sheet data tool: the incoming sheet's rows as knowledge text, leads appended
// to the completed sheet.
import type { sheets_v4 } from '@googleapis/sheets';

/** What a lead row holds, in the completed sheet's column order. */
export interface LeadRow {
  timestamp: string;
  channel: string;
  bot: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  question: string;
  conversationLink: string | null;
}

export const LEAD_COLUMNS = ['Timestamp', 'Channel', 'Bot', 'Name', 'Email', 'Phone', 'Question', 'Conversation link'];
const MAX_ROWS = 5000;

/** A sheet name as an A1 range ('My sheet'!A:Z), quotes doubled. */
function sheetRange(sheetName: string, columns = 'A:ZZ'): string {
  return `'${sheetName.replace(/'/g, "''")}'!${columns}`;
}

export async function readSheetRows(sheets: sheets_v4.Sheets, spreadsheetId: string, sheetName: string): Promise<string[][]> {
  const response = await sheets.spreadsheets.values.get({ spreadsheetId, range: sheetRange(sheetName), majorDimension: 'ROWS' });
  return ((response.data.values ?? []) as unknown[][]).slice(0, MAX_ROWS + 1).map((row) => row.map((cell) => String(cell ?? '').trim()));
}

export async function appendLeadRow(sheets: sheets_v4.Sheets, spreadsheetId: string, sheetName: string, lead: LeadRow): Promise<void> {
  await sheets.spreadsheets.values.append({
    spreadsheetId,
    range: sheetRange(sheetName, 'A:H'),
    valueInputOption: 'RAW',
    insertDataOption: 'INSERT_ROWS',
    requestBody: {
      values: [
        [
          lead.timestamp,
          lead.channel,
          lead.bot,
          lead.name ?? '',
          lead.email ?? '',
          lead.phone ?? '',
          lead.question,
          lead.conversationLink ?? '',
        ],
      ],
    },
  });
}

/**
 * Rows as a markdown document: the first row names the columns, each other row becomes a section
 * titled by its first cell, so retrieval finds a row by any of its values and cites the sheet.
 */
export function rowsAsMarkdown(title: string, rows: string[][]): string {
  const [header = [], ...records] = rows;
  const sections = records
    .filter((row) => row.some((cell) => cell !== ''))
    .map((row, index) => {
      const heading = row[0] || `Row ${index + 2}`;
      const lines = row.map((cell, column) => (cell ? `- ${header[column] || `Column ${column + 1}`}: ${cell}` : '')).filter(Boolean);
      return `## ${heading}\n\n${lines.join('\n')}`;
    });
  return `# ${title}\n\n${sections.join('\n\n')}\n`;
}
