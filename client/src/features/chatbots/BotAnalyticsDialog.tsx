import { DataList } from '../../ui/chakra/DataList.ts';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format.ts';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { ErrorBoundary } from '../../ui/ErrorBoundary.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import type { BotAnalyticsDialogQuery } from './__generated__/BotAnalyticsDialogQuery.graphql.ts';
import { ModalDialog } from '../../ui/ModalDialog.tsx';

function BotFigures({ botId }: { botId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { node: bot } = useLazyLoadQuery<BotAnalyticsDialogQuery>(
    graphql`
      query BotAnalyticsDialogQuery($id: ID!) {
        node(id: $id) {
          ... on Bot {
            status
            conversationsToday
            createdAt
            deployedAt
            documents(first: 0) {
              totalCount
            }
            webSources {
              id
            }
          }
        }
      }
    `,
    { id: botId },
    { fetchPolicy: 'network-only' },
  );
  if (!bot?.status) return null;
  const figures = [
    ['status', t(`chatbots.status.${bot.status}`)],
    ['conversationsToday', String(bot.conversationsToday)],
    ['documents', String(bot.documents?.totalCount)],
    ['webSources', String(bot.webSources?.length)],
    ['created', format(bot.createdAt, 'dateTime')],
    ['deployed', bot.deployedAt ? format(bot.deployedAt, 'dateTime') : t('chatbots.analytics.notDeployed')],
  ] as const;
  return (
    <DataList.Root orientation="horizontal">
      {figures.map(([key, value]) => (
        <DataList.Item key={key}>
          <DataList.ItemLabel>{t(`chatbots.analytics.${key}`)}</DataList.ItemLabel>
          <DataList.ItemValue>{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

/** The bot's real figures, fetched when the dialog opens. */
export function BotAnalyticsDialog({
  botId,
  botName,
  open,
  onClose,
}: {
  botId: string;
  botName: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ModalDialog open={open} onClose={onClose} title={t('chatbots.analytics.title', { name: botName })}>
      <ErrorBoundary>
        <Suspense fallback={<PageSpinner />}>
          <BotFigures botId={botId} />
        </Suspense>
      </ErrorBoundary>
    </ModalDialog>
  );
}
