import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from './TextField.tsx';

/** The server's rule for a new password (registration's), checked here first to say it in the user's language. */
const MIN_PASSWORD_LENGTH = 8;

interface PasswordFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  issue: string | undefined;
  autoComplete: 'current-password' | 'new-password';
  /** Shown under the field while it has no issue. */
  helper?: ReactNode;
}

/** One required password input with its label and its issue. */
function PasswordField({ label, value, onChange, issue, autoComplete, helper }: PasswordFieldProps) {
  return (
    <TextField
      label={label}
      required
      type="password"
      value={value}
      onChange={onChange}
      issue={issue}
      autoComplete={autoComplete}
      helper={helper}
    />
  );
}

/** The password a signed-in user types to prove it is them. */
export function CurrentPasswordField({ value, onChange, issue }: Pick<PasswordFieldProps, 'value' | 'onChange' | 'issue'>) {
  const { t } = useTranslation();
  return (
    <PasswordField
      label={t('passwordFields.currentPassword')}
      value={value}
      onChange={onChange}
      issue={issue}
      autoComplete="current-password"
    />
  );
}

export interface NewPassword {
  newPassword: string;
  confirmation: string;
}

export type NewPasswordIssues = Partial<Record<keyof NewPassword, string>>;

/** What is wrong with a new password typed twice, before asking the server: too short, or not the same twice. */
export function newPasswordIssues(t: TFunction, { newPassword, confirmation }: NewPassword): NewPasswordIssues {
  return {
    ...(newPassword.length < MIN_PASSWORD_LENGTH ? { newPassword: t('passwordFields.tooShort', { count: MIN_PASSWORD_LENGTH }) } : {}),
    ...(confirmation !== newPassword ? { confirmation: t('passwordFields.mismatch') } : {}),
  };
}

interface NewPasswordFieldsProps {
  value: NewPassword;
  /** `edited` names the field that changed, so its issue can go. */
  onChange: (value: NewPassword, edited: keyof NewPassword) => void;
  issues: NewPasswordIssues;
}

/** A new password and its confirmation, with the length rule under the first. */
export function NewPasswordFields({ value, onChange, issues }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={t('passwordFields.newPassword')}
        value={value.newPassword}
        onChange={(newPassword) => onChange({ ...value, newPassword }, 'newPassword')}
        issue={issues.newPassword}
        autoComplete="new-password"
        helper={t('passwordFields.rule', { count: MIN_PASSWORD_LENGTH })}
      />
      <PasswordField
        label={t('passwordFields.confirmPassword')}
        value={value.confirmation}
        onChange={(confirmation) => onChange({ ...value, confirmation }, 'confirmation')}
        issue={issues.confirmation}
        autoComplete="new-password"
      />
    </>
  );
}
