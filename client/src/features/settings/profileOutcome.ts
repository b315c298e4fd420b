import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { splitIssues, type FieldIssue } from '../../ui/fieldIssues.ts';
import { toaster } from '../../ui/toaster.tsx';

/** A profile mutation's answer: its success type, or one of its typed errors. */
export interface ProfileResult {
  readonly __typename: string;
  readonly message?: string;
  readonly code?: string;
  readonly issues?: ReadonlyArray<FieldIssue>;
}

/**
 * The failures the profile forms word themselves, by the server's error code, and the field each is
 * about; any other failure shows the server's message.
 */
const KNOWN_FAILURES: Record<string, { field: string; key: string }> = {
  WRONG_CURRENT_PASSWORD: { field: 'currentPassword', key: 'settings.profile.wrongCurrentPassword' },
  EMAIL_TAKEN: { field: 'newEmail', key: 'settings.profile.emailTaken' },
  SAME_EMAIL: { field: 'newEmail', key: 'settings.profile.sameEmail' },
};

/**
 * What the profile forms do with a mutation's answer: field issues under their fields, anything else
 * in a toast titled `failedTitle`. `settle` returns true when the answer is the success type.
 */
export function useProfileOutcome<Field extends string>(fields: readonly Field[], failedTitle: string) {
  const { t } = useTranslation();
  const [issues, setIssues] = useState<Partial<Record<Field, string>>>({});

  function settle(result: ProfileResult, successTypename: string): boolean {
    if (result.__typename === successTypename) {
      setIssues({});
      return true;
    }
    const known = result.code ? KNOWN_FAILURES[result.code] : undefined;
    if (known && (fields as readonly string[]).includes(known.field)) {
      setIssues({ [known.field]: t(known.key) } as Partial<Record<Field, string>>);
      return false;
    }
    const { byField, other } = splitIssues(result.issues ?? [], fields);
    setIssues(byField);
    if (other.length > 0 || Object.keys(byField).length === 0) {
      toaster.create({ type: 'error', title: failedTitle, description: other[0] ?? result.message });
    }
    return false;
  }

  const failed = (error: Error) => {
    toaster.create({ type: 'error', title: failedTitle, description: error.message || undefined });
  };

  /** A field edited since its issue was shown: the issue no longer describes it. */
  const clearIssue = (field: Field) =>
    setIssues((current) => {
      if (!(field in current)) return current;
      const { [field]: _cleared, ...rest } = current;
      return rest as Partial<Record<Field, string>>;
    });

  return { issues, setIssues, settle, failed, clearIssue };
}
