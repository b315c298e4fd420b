import type { KnownFailure } from '../../ui/useFormMutation.ts';

/** The failures the profile forms word themselves, by the server's error code, and the field each is about. */
export const WRONG_CURRENT_PASSWORD: Record<string, KnownFailure<'currentPassword'>> = {
  WRONG_CURRENT_PASSWORD: { field: 'currentPassword', key: 'settings.profile.wrongCurrentPassword' },
};

export const EMAIL_REFUSED: Record<string, KnownFailure<'newEmail'>> = {
  EMAIL_TAKEN: { field: 'newEmail', key: 'settings.profile.emailTaken' },
  SAME_EMAIL: { field: 'newEmail', key: 'settings.profile.sameEmail' },
};
