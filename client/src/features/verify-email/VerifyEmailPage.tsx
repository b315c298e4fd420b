import { Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { authApi } from '../../session/api.ts';
import { PublicPage } from '../../ui/PublicPage.tsx';
import { toaster } from '../../ui/toaster.tsx';

const REDIRECT_SECONDS = 5;

type Status = 'verifying' | 'success' | 'invalid' | 'error';

function useVerification(token: string | null): Status {
  const { t } = useTranslation();
  const [status, setStatus] = useState<Status>(token ? 'verifying' : 'invalid');
  useEffect(() => {
    if (!token) return;
    let current = true;
    authApi.confirmEmail(token).then(
      () => {
        if (!current) return;
        setStatus('success');
        toaster.create({ type: 'success', title: t('verify.toastTitle'), description: t('verify.toastDescription') });
      },
      () => current && setStatus('error'),
    );
    return () => {
      current = false;
    };
  }, [token, t]);
  return status;
}

function RedirectCountdown() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [seconds, setSeconds] = useState(REDIRECT_SECONDS);
  useEffect(() => {
    if (seconds === 0) {
      void navigate('/', { replace: true });
      return;
    }
    const timer = setTimeout(() => setSeconds((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds, navigate]);
  return <Text>{t('verify.redirecting', { count: seconds })}</Text>;
}

export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const status = useVerification(params.get('token'));
  return (
    <PublicPage title={t('verify.title')}>
      <Stack gap="4" align="start" role="status">
        {status === 'verifying' && (
          <>
            <Spinner color="brand.solid" />
            <Text>{t('verify.verifying')}</Text>
          </>
        )}
        {status === 'success' && (
          <>
            <Text fontWeight="semibold">{t('verify.success')}</Text>
            <RedirectCountdown />
          </>
        )}
        {status === 'invalid' && <Text>{t('verify.invalid')}</Text>}
        {status === 'error' && (
          <>
            <Text>{t('verify.error')}</Text>
            <Button colorPalette="brand" onClick={() => window.location.reload()}>
              {t('verify.tryAgain')}
            </Button>
          </>
        )}
      </Stack>
    </PublicPage>
  );
}
