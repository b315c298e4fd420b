import { useTranslation } from 'react-i18next';
import { useNavigate, useRouteError } from 'react-router';
import { ErrorPanel } from '../ui/ErrorPanel.tsx';

/** Shown when a route's loader or rendering (a failed query included) throws. */
export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const message = error instanceof Error ? error.message : t('common.unexpectedError');
  return <ErrorPanel message={message} onRetry={() => void navigate('.', { replace: true })} />;
}
