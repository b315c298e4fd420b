import { Button, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PublicPage } from '../../ui/PublicPage.tsx';

export function Component() {
  const { t } = useTranslation();
  return (
    <PublicPage title={t('notFound.title')}>
      <Text marginBottom="6">{t('notFound.message')}</Text>
      <Button asChild colorPalette="brand">
        <RouterLink to="/">{t('notFound.home')}</RouterLink>
      </Button>
    </PublicPage>
  );
}
