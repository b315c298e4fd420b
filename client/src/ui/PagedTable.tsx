import { Box, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Table } from './chakra/Table.ts';
import { LoadMoreButton, type NextPage } from './LoadMoreButton.tsx';

/** A column's heading; a hidden one is read by screen readers only (an actions column). */
export interface TableColumn {
  key: string;
  label: string;
  hidden?: boolean;
}

/**
 * An admin list as a table that scrolls sideways on a narrow screen, with "Load more" under it, or
 * a line saying why there are no rows.
 */
export function PagedTable({
  columns,
  minWidth,
  emptyText,
  page,
  pageSize,
  children,
}: {
  columns: readonly TableColumn[];
  minWidth: string;
  /** Shown instead of the table when there are no rows; none while there are. */
  emptyText: string | null;
  page: NextPage;
  pageSize: number;
  /** The rows (`Table.Row`s). */
  children: ReactNode;
}) {
  return (
    <>
      {emptyText !== null ? (
        <Text color="fg.muted">{emptyText}</Text>
      ) : (
        <Box overflowX="auto" borderWidth="1px" borderRadius="md" position="relative">
          <Table.Root size="sm" minWidth={minWidth}>
            <Table.Header>
              <Table.Row>
                {columns.map((column) => (
                  <Table.ColumnHeader key={column.key}>
                    {column.hidden ? <Text srOnly>{column.label}</Text> : column.label}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>{children}</Table.Body>
          </Table.Root>
        </Box>
      )}
      <LoadMoreButton page={page} pageSize={pageSize} />
    </>
  );
}
