import { afterEach, beforeEach } from 'vitest';
import { clearJournal, failureReport } from './browser.ts';

// A step that waits in vain says only what it waited for; the log also gets what the pages met and show.
beforeEach(() => clearJournal());

afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') console.error(await failureReport());
});
