// The bot's Google Sheet data tool: the incoming sheet's rows as knowledge text, leads appended
// to the completed sheet (the real @googleapis/sheets client, given by GoogleIntegrations).
import type { sheets_v4 } from '@googleapis/sheets';
import { leadRowCells, type LeadRow } from '../leads/leadsRules.ts';

const MAX_ROWS = 5000;

/**
 * A sheet name as an A1 range ('My sheet'!A:H), quotes doubled. Without columns, the sheet's title
 * alone: all its used cells (Google refuses a range past the sheet's grid, 26 columns by default).
 */
function sheetRange(sheetName: string, columns?: string): string {
  const title = `'${sheetName.replace(/'/g, "''")}'`;
  return columns ? `${title}!${columns}` : title;
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
    requestBody: { values: [leadRowCells(lead)] },
  });
}

/** The HTTP status of a failed Google API call (gaxios), or undefined for anything else. */
export function googleStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { status, response } = error as { status?: unknown; response?: { status?: unknown } };
  const found = typeof status === 'number' ? status : response?.status;
  return typeof found === 'number' ? found : undefined;
}

/**
 * Rows as a markdown document: the first row names the columns, each other row becomes a section
 * titled by its first cell with one "header: value" line per cell, so retrieval finds a row by any
 * of its values and cites the sheet.
 */
export function rowsAsMarkdown(title: string, rows: string[][]): string {
  const [header = [], ...records] = rows;
  const sections = records
    .map((row, index) => ({ row, number: index + 2 }))
    .filter(({ row }) => row.some((cell) => cell !== ''))
    .map(({ row, number }) => {
      const heading = row[0] || `Row ${number}`;
      const lines = row.map((cell, column) => (cell ? `- ${header[column] || `Column ${column + 1}`}: ${cell}` : '')).filter(Boolean);
      return `## ${heading}\n\n${lines.join('\n')}`;
    });
  return `# ${title}\n\n${sections.join('\n\n')}\n`;
}
