import { Button, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PublicPage } from '../../ui/PublicPage.tsx';

export function Component() {
  const { t } = useTranslation();
  return (
    <PublicPage title={t('payment.cancelled.title')}>
      <Stack gap="4" align="start">
        <Text>{t('payment.cancelled.message')}</Text>
        <Button asChild colorPalette="brand">
          <RouterLink to="/dashboard">{t('payment.toDashboard')}</RouterLink>
        </Button>
      </Stack>
    </PublicPage>
  );
}
