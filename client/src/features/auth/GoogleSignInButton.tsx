import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { googleSignInUrl } from '../../session/api.ts';
import { rememberPlanChoice } from '../../session/planChoice.ts';

/**
 * A full-page navigation to Google's sign-in (carrying the plan picked on the landing, for a new
 * account's free trial); shown only when the server has it configured.
 */
export function GoogleSignInButton({ enabled, plan = null }: { enabled: boolean; plan?: string | null }) {
  const { t } = useTranslation();
  if (!enabled) return null;
  return (
    <Button asChild variant="outline">
      <a href={googleSignInUrl(plan)} onClick={() => plan && rememberPlanChoice(plan)}>
        {t('auth.google')}
      </a>
    </Button>
  );
}
