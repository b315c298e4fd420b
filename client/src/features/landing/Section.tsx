import { Box, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function Section({
  id,
  title,
  subtitle,
  children,
  muted,
}: {
  id: string;
  title: string;
  subtitle?: string;
  children: ReactNode;
  muted?: boolean;
}) {
  return (
    <Box
      as="section"
      aria-labelledby={`${id}-title`}
      paddingX={{ base: '4', md: '8' }}
      paddingY={{ base: '10', md: '16' }}
      bg={muted ? 'bg.subtle' : undefined}
    >
      <Box maxWidth="6xl" marginX="auto">
        <Heading as="h2" id={`${id}-title`} size="3xl" textAlign="center">
          {title}
        </Heading>
        {subtitle && (
          <Text textAlign="center" color="fg.muted" marginTop="2">
            {subtitle}
          </Text>
        )}
        <Box marginTop="8">{children}</Box>
      </Box>
    </Box>
  );
}
