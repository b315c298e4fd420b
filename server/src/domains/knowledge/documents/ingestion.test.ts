import { describe, expect, it } from 'vitest';
import { MAX_PROCESSING_ATTEMPTS, retryNotice } from './ingestion.ts';

describe('retryNotice', () => {
  it.each([
    { case: 'the first run failed', jobAttempt: 1, processingAttempts: 1, says: /try 1 of 3\). It is tried again in 2 seconds/ },
    { case: 'the second run failed', jobAttempt: 2, processingAttempts: 2, says: /try 2 of 3\). It is tried again in 4 seconds/ },
    { case: 'a run after a restart failed', jobAttempt: 1, processingAttempts: 2, says: /try 2 of 3\). It is tried again in 2 seconds/ },
    { case: "the job's last run failed", jobAttempt: MAX_PROCESSING_ATTEMPTS, processingAttempts: 2, says: null },
    { case: 'the document had its last try', jobAttempt: 1, processingAttempts: MAX_PROCESSING_ATTEMPTS, says: null },
  ])('when $case: $says', ({ jobAttempt, processingAttempts, says }) => {
    const notice = retryNotice({ jobAttempt, processingAttempts });
    if (says === null) expect(notice).toBeNull();
    else expect(notice).toMatch(says);
  });
});
