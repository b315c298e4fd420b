import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ItemActionButton } from '../../ui/ItemActionButton.tsx';
import { useFormat } from '../../i18n/format.ts';
import { graphql, useFragment } from 'react-relay';
import type { DocumentRowFragment$key, DocumentStatus } from './__generated__/DocumentRowFragment.graphql.ts';
import { DeleteDocumentDialog } from './DeleteDocumentDialog.tsx';
import { DocumentPassagesDialog } from './DocumentPassagesDialog.tsx';
import { Progress } from '../../ui/chakra/Progress.ts';

const STATUS_COLORS: Record<DocumentStatus, string> = {
  pending: 'gray',
  processing: 'blue',
  completed: 'green',
  failed: 'red',
  '%future added value': 'gray',
};

export function DocumentRow({ document, connectionId }: { document: DocumentRowFragment$key; connectionId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [dialog, setDialog] = useState<'view' | 'delete' | null>(null);
  const data = useFragment(
    graphql`
      fragment DocumentRowFragment on Document {
        id
        fileName
        status
        errorMessage
        createdAt
        sizeBytes
        chunkCount
        chunksExpected
      }
    `,
    document,
  );
  const statusLabels: Record<DocumentStatus, string> = {
    pending: t('knowledge.documents.status.pending'),
    processing: t('knowledge.documents.status.processing'),
    completed: t('knowledge.documents.status.completed'),
    failed: t('knowledge.documents.status.failed'),
    '%future added value': data.status,
  };
  const fileName = { fileName: data.fileName };
  // A long document is written in batches: the server publishes each one, so the bar moves by itself.
  const progress =
    data.status === 'processing' && data.chunksExpected
      ? {
          percent: Math.min(100, (data.chunkCount / data.chunksExpected) * 100),
          label: t('knowledge.documents.writingProgress', {
            written: data.chunkCount,
            expected: data.chunksExpected,
          }),
        }
      : null;

  return (
    <Stack as="li" gap="2" padding="4" borderWidth="1px" borderRadius="md">
      <HStack justify="space-between" align="start" gap="3" flexWrap="wrap">
        <Stack gap="1" minWidth="0" flex="1">
          <Text fontWeight="semibold" wordBreak="break-all">
            {data.fileName}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {[
              format(data.sizeBytes, 'fileSize'),
              format(data.createdAt, 'dateTime'),
              ...(data.status === 'completed' ? [t('knowledge.documents.passages', { count: data.chunkCount })] : []),
            ].join(' · ')}
          </Text>
        </Stack>
        <Badge colorPalette={STATUS_COLORS[data.status]}>{statusLabels[data.status]}</Badge>
      </HStack>
      {progress && (
        <Progress.Root value={progress.percent} size="sm" colorPalette="brand">
          <Progress.Label fontSize="sm" fontWeight="normal" color="fg.muted">
            {progress.label}
          </Progress.Label>
          <Progress.Track aria-label={progress.label}>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      )}
      {data.status === 'failed' && data.errorMessage && (
        <Text fontSize="sm" color="fg.error">
          {data.errorMessage}
        </Text>
      )}
      {/* While processing, the message is a temporary problem the server retries by itself, and when. */}
      {data.status === 'processing' && data.errorMessage && (
        <Text fontSize="sm" color="fg.warning" role="status">
          {data.errorMessage}
        </Text>
      )}
      <HStack gap="2">
        {/* Passages exist only once processing has finished. */}
        <ItemActionButton
          text={t('knowledge.documents.view')}
          label={t('knowledge.documents.viewLabel', fileName)}
          onClick={() => setDialog('view')}
          disabled={data.status !== 'completed'}
        />
        <ItemActionButton
          text={t('knowledge.documents.delete')}
          label={t('knowledge.documents.deleteLabel', fileName)}
          onClick={() => setDialog('delete')}
          destructive
        />
      </HStack>
      <DocumentPassagesDialog documentId={data.id} fileName={data.fileName} open={dialog === 'view'} onClose={() => setDialog(null)} />
      <DeleteDocumentDialog
        documentId={data.id}
        fileName={data.fileName}
        connectionId={connectionId}
        open={dialog === 'delete'}
        onClose={() => setDialog(null)}
      />
    </Stack>
  );
}
