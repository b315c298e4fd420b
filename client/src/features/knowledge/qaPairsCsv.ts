import { databaseIdOf } from '../../relay/globalId.ts';
import { API_PREFIX, authorizedRequest, jsonBody } from '../../session/api.ts';
import { downloadAuthorized } from '../../session/download.ts';

export interface QaImportOutcome {
  created: number;
  updated: number;
}

/** POST /bots/{id}/qa-pairs/import: the file's text, all its pairs or none (the server's reason, naming rows). */
export function importQaPairsCsv(botId: string, csv: string): Promise<QaImportOutcome> {
  return authorizedRequest<QaImportOutcome>(
    `/bots/${databaseIdOf(botId)}/qa-pairs/import`,
    jsonBody({ csv }),
    'Failed to import the Q&A pairs',
  );
}

/** GET /bots/{id}/qa-pairs/export as qa-pairs.csv. */
export function downloadQaPairsCsv(botId: string): Promise<void> {
  return downloadAuthorized(`${API_PREFIX}/bots/${databaseIdOf(botId)}/qa-pairs/export`, 'qa-pairs.csv', 'Failed to export the Q&A pairs');
}
