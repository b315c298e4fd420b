import { Box, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ChatPreview } from './ChatPreview.tsx';
import { StartButtons } from './StartButtons.tsx';

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
          <StartButtons />
        </Stack>
        <ChatPreview />
      </SimpleGrid>
    </Box>
  );
}
