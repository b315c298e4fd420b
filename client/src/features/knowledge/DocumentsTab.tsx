import { Alert, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useLiveSubscription } from '../../relay/useLiveSubscription.ts';
import type { RecordSourceSelectorProxy } from 'relay-runtime';
import { LoadMoreButton } from '../../ui/LoadMoreButton.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { ConnectionHandler, graphql, useLazyLoadQuery, usePaginationFragment, useRelayEnvironment } from 'react-relay';
import { fetchQuery } from 'relay-runtime';
import { ErrorPanel } from '../../ui/ErrorPanel.tsx';
import type { DocumentsPanelFragment$key } from './__generated__/DocumentsPanelFragment.graphql.ts';
import type { DocumentsTabQuery } from './__generated__/DocumentsTabQuery.graphql.ts';
import { DocumentRow } from './DocumentRow.tsx';
import { DocumentUploader } from './DocumentUploader.tsx';

const DOCUMENTS_CONNECTION_KEY = 'DocumentsTab_documents';

const documentsTabQuery = graphql`
  query DocumentsTabQuery($botId: ID!) {
    node(id: $botId) {
      ...DocumentsPanelFragment @alias
    }
  }
`;

const statusSubscription = graphql`
  subscription DocumentsTabStatusSubscription($botId: ID!) {
    documentStatusChanged(botId: $botId) {
      id
      status
      createdAt
      ...DocumentRowFragment
    }
  }
`;

/** The live status of the bot's documents; a document not listed yet (just uploaded) is added on top. */
function addUploadedDocument(store: RecordSourceSelectorProxy, { botId }: { botId: string }) {
  const document = store.getRootField('documentStatusChanged');
  const bot = store.get(botId);
  const connection = bot && ConnectionHandler.getConnection(bot, DOCUMENTS_CONNECTION_KEY);
  if (!document || !connection) return;
  const listedDocuments = (connection.getLinkedRecords('edges') ?? []).flatMap((edge) => edge?.getLinkedRecord('node') ?? []);
  if (listedDocuments.some((listed) => listed.getDataID() === document.getDataID())) return;
  // The subscription opens with up to 200 current documents: older ones belong to later pages, not on top.
  const newestListed = listedDocuments[0]?.getValue('createdAt');
  if (typeof newestListed === 'string' && String(document.getValue('createdAt')) < newestListed) return;
  const edge = ConnectionHandler.createEdge(store, connection, document, 'BotDocumentsConnectionEdge');
  ConnectionHandler.insertEdgeBefore(connection, edge);
}

export function DocumentsTab({ botId }: { botId: string }) {
  const { t } = useTranslation();
  const { node } = useLazyLoadQuery<DocumentsTabQuery>(documentsTabQuery, { botId }, { fetchPolicy: 'store-and-network' });
  useLiveSubscription(statusSubscription, { botId }, addUploadedDocument);
  if (!node?.DocumentsPanelFragment) return <ErrorPanel title={t('knowledge.botMissingTitle')} message={t('knowledge.botMissing')} />;
  return <DocumentsPanel botId={botId} bot={node.DocumentsPanelFragment} />;
}

const ACTIVE_STATUSES = new Set(['pending', 'processing']);

function DocumentsPanel({ botId, bot }: { botId: string; bot: DocumentsPanelFragment$key }) {
  const { t } = useTranslation();
  const environment = useRelayEnvironment();
  const { data, hasNext, loadNext, isLoadingNext } = usePaginationFragment(
    graphql`
      fragment DocumentsPanelFragment on Bot
      @refetchable(queryName: "DocumentsTabPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 20 }, cursor: { type: "String" }) {
        documents(first: $count, after: $cursor) @connection(key: "DocumentsTab_documents") {
          __id
          edges {
            node {
              id
              status
              createdAt
              ...DocumentRowFragment
            }
          }
        }
      }
    `,
    bot,
  );
  const documents = data.documents.edges.map((edge) => edge.node);
  const processing = documents.some((document) => ACTIVE_STATUSES.has(document.status));

  // The status subscription brings new documents in; this reload covers a dropped socket.
  const reloadList = () =>
    fetchQuery<DocumentsTabQuery>(environment, documentsTabQuery, { botId }, { fetchPolicy: 'network-only' }).subscribe({});

  return (
    <Stack gap="6">
      <PageHeader title={t('knowledge.documents.heading')} subtitle={t('knowledge.documents.intro')} level="tab" />
      {processing && (
        <Alert.Root status="info" role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('knowledge.documents.processingTitle')}</Alert.Title>
            <Alert.Description>{t('knowledge.documents.processingBanner')}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <DocumentUploader botId={botId} onBatchFinished={reloadList} />
      <Stack gap="3" as="section" aria-labelledby="documents-list-heading">
        <Heading as="h3" size="md" id="documents-list-heading">
          {t('knowledge.documents.listHeading')}
        </Heading>
        {documents.length === 0 ? (
          <Stack gap="1" padding="6" borderWidth="1px" borderStyle="dashed" borderRadius="md" textAlign="center">
            <Text fontWeight="semibold">{t('knowledge.documents.emptyTitle')}</Text>
            <Text color="fg.muted">{t('knowledge.documents.emptyHint')}</Text>
          </Stack>
        ) : (
          <Stack as="ul" gap="2" listStyleType="none" margin="0" padding="0">
            {documents.map((document) => (
              <DocumentRow key={document.id} document={document} connectionId={data.documents.__id} />
            ))}
          </Stack>
        )}
        <LoadMoreButton
          page={{ hasNext, isLoadingNext, loadNext }}
          pageSize={20}
          label={t('knowledge.documents.loadMore')}
          alignSelf="start"
        />
      </Stack>
    </Stack>
  );
}
