import { Badge, Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { ModalDialog } from '../../ui/ModalDialog.tsx';
import type { DocumentPassagesDialogQuery } from './__generated__/DocumentPassagesDialogQuery.graphql.ts';
import { LoadBoundary } from './LoadBoundary.tsx';

/** Enough to check what was read from a document without loading a whole book at once. */
const PASSAGES_SHOWN = 200;

function Passages({ documentId, fetchKey }: { documentId: string; fetchKey: number }) {
  const { t } = useTranslation();
  const { node } = useLazyLoadQuery<DocumentPassagesDialogQuery>(
    graphql`
      query DocumentPassagesDialogQuery($id: ID!, $first: Int!) {
        node(id: $id) {
          ... on Document {
            passages(first: $first) {
              totalCount
              edges {
                node {
                  ordinal
                  content
                  page
                  heading
                }
              }
            }
          }
        }
      }
    `,
    { id: documentId, first: PASSAGES_SHOWN },
    { fetchKey, fetchPolicy: 'store-or-network' },
  );
  const passages = node?.passages;
  if (!passages) return <Text role="alert">{t('knowledge.documents.viewer.loadFailed')}</Text>;
  if (passages.edges.length === 0) return <Text>{t('knowledge.documents.viewer.empty')}</Text>;
  return (
    <Stack gap="3">
      {passages.totalCount > passages.edges.length && (
        <Text fontSize="sm" color="fg.muted">
          {t('knowledge.documents.viewer.partial', { shown: passages.edges.length, total: passages.totalCount })}
        </Text>
      )}
      <Stack as="ol" gap="3" listStyleType="none" margin="0" padding="0">
        {passages.edges.map(({ node: passage }) => (
          <Stack
            as="li"
            key={passage.ordinal}
            gap="1"
            padding="3"
            borderWidth="1px"
            borderRadius="md"
            aria-label={t('knowledge.documents.viewer.passageLabel', { number: passage.ordinal + 1 })}
          >
            <HStack gap="2" flexWrap="wrap">
              {passage.page != null && <Badge>{t('knowledge.documents.viewer.page', { page: passage.page })}</Badge>}
              {passage.heading && (
                <Text fontSize="sm" fontWeight="semibold">
                  {passage.heading}
                </Text>
              )}
            </HStack>
            <Text whiteSpace="pre-wrap" fontSize="sm">
              {passage.content}
            </Text>
          </Stack>
        ))}
      </Stack>
    </Stack>
  );
}

/** Shows what the bot learned from a document: its passages in reading order. */
export function DocumentPassagesDialog({
  documentId,
  fileName,
  open,
  onClose,
}: {
  documentId: string;
  fileName: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={t('knowledge.documents.viewer.title', { fileName })}
      footer={
        <Button variant="outline" onClick={onClose}>
          {t('knowledge.documents.viewer.close')}
        </Button>
      }
    >
      <Stack gap="3">
        <Text color="fg.muted">{t('knowledge.documents.viewer.intro')}</Text>
        <LoadBoundary
          fallback={(retry) => (
            <Stack gap="2" align="start">
              <Text role="alert">{t('knowledge.documents.viewer.loadFailed')}</Text>
              <Button size="sm" variant="outline" onClick={retry}>
                {t('common.retry')}
              </Button>
            </Stack>
          )}
        >
          <Suspense fallback={<Spinner aria-label={t('common.loading')} />}>
            <Passages documentId={documentId} fetchKey={0} />
          </Suspense>
        </LoadBoundary>
      </Stack>
    </ModalDialog>
  );
}
