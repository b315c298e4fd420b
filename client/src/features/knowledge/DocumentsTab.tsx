import { Alert, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useLiveSubscription } from '../../relay/useLiveSubscription.ts';
import type { RecordSourceSelectorProxy } from 'relay-runtime';
import { LoadMoreButton } from '../../ui/LoadMoreButton.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { ConnectionHandler, graphql, useLazyLoadQuery, usePaginationFragment, useRelayEnvironment } from 'react-relay';
import { fetchQuery } from 'relay-runtime';
import type { DocumentsPanelFragment$key } from './__generated__/DocumentsPanelFragment.graphql.ts';
import type { DocumentsTabQuery } from './__generated__/DocumentsTabQuery.graphql.ts';
import { DocumentRow } from './DocumentRow.tsx';
import { DocumentUploader } from './DocumentUploader.tsx';
import { BotMissingPanel, EmptyHint, KnowledgeList, ProgressBanner } from './KnowledgeList.tsx';

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
  const { node } = useLazyLoadQuery<DocumentsTabQuery>(documentsTabQuery, { botId }, { fetchPolicy: 'store-and-network' });
  useLiveSubscription(statusSubscription, { botId }, addUploadedDocument);
  if (!node?.DocumentsPanelFragment) return <BotMissingPanel />;
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
        <ProgressBanner title={t('knowledge.documents.processingTitle')}>
          <Alert.Description>{t('knowledge.documents.processingBanner')}</Alert.Description>
        </ProgressBanner>
      )}
      <DocumentUploader botId={botId} onBatchFinished={reloadList} />
      <KnowledgeList
        headingId="documents-list-heading"
        heading={t('knowledge.documents.listHeading')}
        isEmpty={documents.length === 0}
        whenEmpty={<EmptyHint title={t('knowledge.documents.emptyTitle')} hint={t('knowledge.documents.emptyHint')} />}
        footer={
          <LoadMoreButton
            page={{ hasNext, isLoadingNext, loadNext }}
            pageSize={20}
            label={t('knowledge.documents.loadMore')}
            alignSelf="start"
          />
        }
      >
        {documents.map((document) => (
          <DocumentRow key={document.id} document={document} connectionId={data.documents.__id} />
        ))}
      </KnowledgeList>
    </Stack>
  );
}
