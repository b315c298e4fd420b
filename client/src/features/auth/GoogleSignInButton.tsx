import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { GOOGLE_SIGN_IN_URL } from '../../session/api.ts';

/** A full-page navigation to Google's sign-in; shown only when the server has it configured. */
export function GoogleSignInButton({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  if (!enabled) return null;
  return (
    <Button asChild variant="outline">
      <a href={GOOGLE_SIGN_IN_URL}>{t('auth.google')}</a>
    </Button>
  );
}
