import { Center, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ExportCsvButton } from './ExportCsvButton.tsx';
import { LoadMoreButton, type NextPage } from './LoadMoreButton.tsx';

/**
 * A filtered list with its CSV export and "Load more": the filters beside the export button, the
 * items (dimmed while a new filter loads), or a line saying why there are none.
 */
export function ExportableList({
  filters,
  download,
  isEmpty,
  emptyText,
  refreshing,
  page,
  pageSize,
  children,
}: {
  filters: ReactNode;
  /** Fetches and saves the CSV; its failure is told in a toast. */
  download: () => Promise<void>;
  isEmpty: boolean;
  emptyText: string;
  refreshing: boolean;
  page: NextPage;
  pageSize: number;
  children: ReactNode;
}) {
  return (
    <Stack gap="5">
      <HStack justify="space-between" gap="3" wrap="wrap">
        {filters}
        <ExportCsvButton download={download} disabled={isEmpty} />
      </HStack>
      {isEmpty ? (
        <Center paddingY="16">
          <Text color="fg.muted">{emptyText}</Text>
        </Center>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" margin="0" padding="0" opacity={refreshing ? 0.6 : 1} aria-busy={refreshing}>
          {children}
        </Stack>
      )}
      <LoadMoreButton page={page} pageSize={pageSize} />
    </Stack>
  );
}
