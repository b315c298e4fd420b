import { afterEach, beforeEach, expect } from 'vitest';
import { clearJournal, failureReport, takePolicyViolations } from './browser.ts';

// A step that waits in vain says only what it waited for; the log also gets what the pages met and show.
beforeEach(() => {
  clearJournal();
  takePolicyViolations();
});

// The app runs within the server's Content-Security-Policy: nothing it loads or runs is refused.
afterEach(() => {
  expect(takePolicyViolations()).toEqual([]);
});

afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') console.error(await failureReport());
});
