import { Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../ui/LinkButton.tsx';
import { PublicPage } from '../../ui/PublicPage.tsx';

export function Component() {
  const { t } = useTranslation();
  return (
    <PublicPage title={t('payment.cancelled.title')}>
      <Stack gap="4" align="start">
        <Text>{t('payment.cancelled.message')}</Text>
        <LinkButton to="/dashboard" colorPalette="brand">
          {t('payment.toDashboard')}
        </LinkButton>
      </Stack>
    </PublicPage>
  );
}
