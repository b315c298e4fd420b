import { HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QA_PAIR_LIMITS } from '@chatbot/common/qaPairs';
import { ConnectionHandler, graphql, useLazyLoadQuery, usePaginationFragment } from 'react-relay';
import { DeleteMutationDialog } from '../../ui/ConfirmDeleteDialog.tsx';
import { EditFormActions } from '../../ui/EditFormActions.tsx';
import { ExportCsvButton } from '../../ui/ExportCsvButton.tsx';
import { FilePicker } from '../../ui/FilePicker.tsx';
import { ItemActionButton } from '../../ui/ItemActionButton.tsx';
import { LoadMoreButton } from '../../ui/LoadMoreButton.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { SectionCard } from '../../ui/SectionCard.tsx';
import { TextAreaField } from '../../ui/TextAreaField.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toaster } from '../../ui/toaster.tsx';
import { useEditableList } from '../../ui/useEditableList.ts';
import { useFormMutation } from '../../ui/useFormMutation.ts';
import type { QaPairsPanelFragment$key } from './__generated__/QaPairsPanelFragment.graphql.ts';
import type { QaPairsTabCreateMutation } from './__generated__/QaPairsTabCreateMutation.graphql.ts';
import type { QaPairsTabDeleteMutation } from './__generated__/QaPairsTabDeleteMutation.graphql.ts';
import type { QaPairsTabQuery } from './__generated__/QaPairsTabQuery.graphql.ts';
import type { QaPairsTabUpdateMutation } from './__generated__/QaPairsTabUpdateMutation.graphql.ts';
import { BotMissingPanel, KnowledgeList } from './KnowledgeList.tsx';
import { downloadQaPairsCsv, importQaPairsCsv } from './qaPairsCsv.ts';

const PAGE_SIZE = 20;
const QA_FIELDS = ['question', 'answer'] as const;
type QaField = (typeof QA_FIELDS)[number];
const EMPTY: Record<QaField, string> = { question: '', answer: '' };

interface QaPair {
  readonly id: string;
  readonly question: string;
  readonly answer: string;
}

// A pair as the list shows it and its create and update answer it, so the store keeps the row current.
graphql`
  fragment QaPairsTabPairFragment on QaPair {
    id
    question
    answer
  }
`;

const qaPairsTabQuery = graphql`
  query QaPairsTabQuery($botId: ID!) {
    node(id: $botId) {
      ...QaPairsPanelFragment @alias
    }
  }
`;

/** The bot's Q&A pairs: the owner's own answers, which the bot gives first to questions close enough. */
export function QaPairsTab({ botId }: { botId: string }) {
  const { node } = useLazyLoadQuery<QaPairsTabQuery>(qaPairsTabQuery, { botId }, { fetchPolicy: 'store-and-network' });
  if (!node?.QaPairsPanelFragment) return <BotMissingPanel />;
  return <QaPairsPanel botId={botId} bot={node.QaPairsPanelFragment} />;
}

function QaPairsPanel({ botId, bot }: { botId: string; bot: QaPairsPanelFragment$key }) {
  const { t } = useTranslation();
  const pagination = usePaginationFragment(
    graphql`
      fragment QaPairsPanelFragment on Bot
      @refetchable(queryName: "QaPairsPanelRefetchQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 20 }, cursor: { type: "String" }) {
        qaPairs(first: $count, after: $cursor) @connection(key: "QaPairsTab_qaPairs") {
          __id
          totalCount
          edges {
            node {
              ...QaPairsTabPairFragment @relay(mask: false)
            }
          }
        }
      }
    `,
    bot,
  );
  const { qaPairs } = pagination.data;
  const [importing, setImporting] = useState(false);
  const saveOptions = { fields: QA_FIELDS, failedTitle: t('knowledge.qa.saveFailed'), alwaysToast: true };
  const create = useFormMutation<QaPairsTabCreateMutation, QaField>(
    graphql`
      mutation QaPairsTabCreateMutation($botId: ID!, $input: QaPairInput!) {
        createQaPair(botId: $botId, input: $input) {
          ...QaPairsTabPairFragment @alias
          ...MutationErrorFragment @alias(as: "error")
        }
      }
    `,
    saveOptions,
  );
  const update = useFormMutation<QaPairsTabUpdateMutation, QaField>(
    graphql`
      mutation QaPairsTabUpdateMutation($id: ID!, $input: QaPairInput!) {
        updateQaPair(id: $id, input: $input) {
          ...QaPairsTabPairFragment @alias
          ...MutationErrorFragment @alias(as: "error")
        }
      }
    `,
    saveOptions,
  );
  const { editing, draft, deleting, setDeleting, field, startAdding, pick, beginSubmit, saved } = useEditableList<QaPair, QaField>({
    empty: EMPTY,
    draftOf: (pair) => ({ question: pair.question, answer: pair.answer }),
    problemsOf: (next) => ({
      ...(next.question.trim() === '' ? { question: t('knowledge.qa.questionRequired') } : {}),
      ...(next.answer.trim() === '' ? { answer: t('knowledge.qa.answerRequired') } : {}),
    }),
    create,
    update,
  });

  function submit() {
    if (!beginSubmit()) return;
    if (editing) {
      update.submit({ variables: { id: editing.id, input: draft }, onSuccess: saved(t('knowledge.qa.updated')) });
      return;
    }
    create.submit({
      variables: { botId, input: draft },
      // The new pair goes on top of the list, as the list is ordered (newest first).
      updater: (store) => {
        const pair = store.getRootField('createQaPair');
        const connection = store.get(qaPairs.__id);
        if (!pair || pair.getType() !== 'QaPair' || !connection) return;
        ConnectionHandler.insertEdgeBefore(connection, ConnectionHandler.createEdge(store, connection, pair, 'BotQaPairsConnectionEdge'));
      },
      onSuccess: saved(t('knowledge.qa.added')),
    });
  }

  async function importFile([file]: File[]) {
    if (!file) return;
    setImporting(true);
    try {
      const outcome = await importQaPairsCsv(botId, await file.text());
      toaster.create({
        type: 'success',
        title: t('knowledge.qa.imported'),
        description: t('knowledge.qa.importedDescription', { ...outcome }),
      });
      pagination.refetch({}, { fetchPolicy: 'network-only' });
    } catch (error) {
      toaster.create({
        type: 'error',
        title: t('knowledge.qa.importFailed'),
        description: error instanceof Error ? error.message : undefined,
      });
    }
    setImporting(false);
  }

  return (
    <Stack gap="6">
      <PageHeader title={t('knowledge.qa.heading')} subtitle={t('knowledge.qa.intro')} level="tab" />
      <HStack gap="3" wrap="wrap">
        <FilePicker label={t('knowledge.qa.import')} accept=".csv,text/csv" look="outline" onFiles={(files) => void importFile(files)} />
        <ExportCsvButton download={() => downloadQaPairsCsv(botId)} disabled={qaPairs.totalCount === 0} />
        {importing && (
          <Text fontSize="sm" color="fg.muted" role="status">
            {t('knowledge.qa.importing')}
          </Text>
        )}
        <Text fontSize="sm" color="fg.muted">
          {t('knowledge.qa.csvHelp')}
        </Text>
      </HStack>
      <SectionCard
        titleId="qa-pair-form-title"
        title={editing ? t('knowledge.qa.editTitle') : t('knowledge.qa.addTitle')}
        level="h3"
        onSubmit={submit}
      >
        <TextField label={t('knowledge.qa.question')} required maxLength={QA_PAIR_LIMITS.question} {...field('question')} />
        <TextAreaField label={t('knowledge.qa.answer')} required rows={4} maxLength={QA_PAIR_LIMITS.answer} {...field('answer')} />
        <EditFormActions
          editing={editing !== null}
          submitting={create.inFlight || update.inFlight}
          addLabel={t('knowledge.qa.add')}
          updateLabel={t('knowledge.qa.update')}
          cancelLabel={t('knowledge.qa.cancelEdit')}
          onCancel={startAdding}
        />
      </SectionCard>
      <KnowledgeList
        headingId="qa-pairs-list-heading"
        heading={t('knowledge.qa.listHeading', { count: qaPairs.totalCount })}
        isEmpty={qaPairs.edges.length === 0}
        whenEmpty={<Text color="fg.muted">{t('knowledge.qa.empty')}</Text>}
        footer={<LoadMoreButton page={pagination} pageSize={PAGE_SIZE} alignSelf="start" />}
      >
        {qaPairs.edges.map(({ node: pair }) => (
          <Stack as="li" key={pair.id} gap="1" borderWidth="1px" borderRadius="md" padding="3">
            <Text fontWeight="semibold" overflowWrap="anywhere">
              {pair.question}
            </Text>
            <Text fontSize="sm" color="fg.muted" lineClamp={3} whiteSpace="pre-wrap" overflowWrap="anywhere">
              {pair.answer}
            </Text>
            <HStack gap="2" justify="end">
              <ItemActionButton
                text={t('knowledge.qa.edit')}
                label={t('knowledge.qa.editLabel', { question: pair.question })}
                onClick={() => pick(pair)}
              />
              <ItemActionButton
                text={t('knowledge.qa.delete')}
                label={t('knowledge.qa.deleteLabel', { question: pair.question })}
                onClick={() => setDeleting(pair)}
                destructive
              />
            </HStack>
          </Stack>
        ))}
      </KnowledgeList>
      {deleting && (
        <DeleteMutationDialog<QaPairsTabDeleteMutation>
          open
          onClose={() => setDeleting(null)}
          mutation={graphql`
            mutation QaPairsTabDeleteMutation($id: ID!, $connections: [ID!]!) {
              deleteQaPair(id: $id) {
                ... on DeletedQaPairPayload {
                  deletedId @deleteEdge(connections: $connections)
                }
                ...MutationErrorFragment @alias(as: "error")
              }
            }
          `}
          variables={{ id: deleting.id, connections: [qaPairs.__id] }}
          copy={{
            title: t('knowledge.qa.deleteTitle'),
            message: t('knowledge.qa.deleteMessage', { question: deleting.question }),
            confirmLabel: t('knowledge.qa.deleteConfirm'),
          }}
          failed={{ title: t('knowledge.qa.deleteFailed'), fallback: t('knowledge.qa.deleteFallback') }}
          deleted={{ title: t('knowledge.qa.deleted') }}
        />
      )}
    </Stack>
  );
}
