import { Box, Button, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ChatPreview } from './ChatPreview.tsx';
import { DEMO_PATH, SIGN_UP_PATH } from './links.ts';

export function Hero() {
  const { t } = useTranslation();
  return (
    <Box as="section" paddingX={{ base: '4', md: '8' }} paddingY={{ base: '10', md: '16' }} bg="brand.subtle">
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="10" maxWidth="6xl" marginX="auto" alignItems="center">
        <Stack gap="5">
          <Heading as="h1" size={{ base: '3xl', md: '5xl' }}>
            {t('landing.hero.title')}
          </Heading>
          <Text fontSize="lg" color="fg.muted">
            {t('landing.hero.subtitle')}
          </Text>
          <HStack gap="3" wrap="wrap">
            <Button asChild colorPalette="brand" size="lg">
              <RouterLink to={SIGN_UP_PATH}>{t('landing.hero.getStarted')}</RouterLink>
            </Button>
            <Button asChild variant="outline" size="lg">
              <RouterLink to={DEMO_PATH}>{t('landing.hero.tryDemo')}</RouterLink>
            </Button>
          </HStack>
        </Stack>
        <ChatPreview />
      </SimpleGrid>
    </Box>
  );
}
