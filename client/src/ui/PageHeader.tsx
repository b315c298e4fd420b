import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A screen's (h1) or a tab's (h2) title with the line that says what it is for. */
export function PageHeader({ title, subtitle, level = 'page' }: { title: ReactNode; subtitle?: ReactNode; level?: 'page' | 'tab' }) {
  return (
    <Stack gap="1">
      <Heading as={level === 'page' ? 'h1' : 'h2'} size={level === 'page' ? '2xl' : 'lg'}>
        {title}
      </Heading>
      {subtitle && <Text color="fg.muted">{subtitle}</Text>}
    </Stack>
  );
}
