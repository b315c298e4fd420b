import { Center, Spinner } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <Center minHeight="40vh" role="status" aria-label={t('common.loading')}>
      <Spinner size="lg" color="brand.solid" />
    </Center>
  );
}
