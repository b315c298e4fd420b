import { Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A card with a heading over a list, or over a muted line where the list is empty. */
export function ListCard({
  title,
  headingSize = 'lg',
  empty,
  emptyText,
  children,
}: {
  title: string;
  headingSize?: 'md' | 'lg';
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size={headingSize}>
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>{empty ? <Text color="fg.muted">{emptyText}</Text> : children}</Card.Body>
    </Card.Root>
  );
}

export interface RankedEntry {
  key: string;
  name: ReactNode;
  figure: string;
}

/** A numbered list, first the most: each entry's name, and its figure at the end of its line. */
export function RankedList({ entries, gap = '3' }: { entries: readonly RankedEntry[]; gap?: '2' | '3' }) {
  return (
    <Stack as="ol" gap={gap} margin="0" paddingStart="5">
      {entries.map(({ key, name, figure }) => (
        <li key={key}>
          <HStack justify="space-between" align="start" gap="3">
            {name}
            <Text color="fg.muted" flexShrink={0}>
              {figure}
            </Text>
          </HStack>
        </li>
      ))}
    </Stack>
  );
}
