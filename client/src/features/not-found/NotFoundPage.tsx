import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../ui/LinkButton.tsx';
import { PublicPage } from '../../ui/PublicPage.tsx';

export function Component() {
  const { t } = useTranslation();
  return (
    <PublicPage title={t('notFound.title')}>
      <Text marginBottom="6">{t('notFound.message')}</Text>
      <LinkButton to="/" colorPalette="brand">
        {t('notFound.home')}
      </LinkButton>
    </PublicPage>
  );
}
