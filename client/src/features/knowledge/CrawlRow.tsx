import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { DataList } from '../../ui/chakra/DataList.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format.ts';
import { graphql, useFragment } from 'react-relay';
import type { CrawlRowFragment$key, CrawlStatus } from './__generated__/CrawlRowFragment.graphql.ts';
import { CrawlPagesDialog } from './CrawlPagesDialog.tsx';
import { CrawlScheduleControl } from './CrawlScheduleControl.tsx';

const STATUS_COLORS: Record<CrawlStatus, string> = {
  pending: 'gray',
  running: 'blue',
  completed: 'green',
  failed: 'red',
  '%future added value': 'gray',
};

/**
 * One crawl of the history: its figures (pages added, changed, removed) and, on the newest crawl of
 * each website (`schedule` given), that website's re-crawl schedule and "Run now".
 */
export function CrawlRow({
  crawl,
  schedule,
}: {
  crawl: CrawlRowFragment$key;
  schedule?: { botId: string; allowedSchedules: readonly string[] } | undefined;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const [viewing, setViewing] = useState(false);
  const data = useFragment(
    graphql`
      fragment CrawlRowFragment on WebSource {
        id
        url
        maxDepth
        status
        itemsCount
        pagesAdded
        pagesChanged
        pagesRemoved
        scheduled
        costUsage
        errorMessage
        createdAt
        scrapedAt
        ...CrawlScheduleControlFragment
      }
    `,
    crawl,
  );
  const statusLabels: Record<CrawlStatus, string> = {
    pending: t('knowledge.website.status.pending'),
    running: t('knowledge.website.status.running'),
    completed: t('knowledge.website.status.completed'),
    failed: t('knowledge.website.status.failed'),
    '%future added value': data.status,
  };
  const scope = data.maxDepth === 0 ? t('knowledge.website.scope.singlePage') : t('knowledge.website.scope.entireSite');

  return (
    <Stack as="li" gap="3" padding="4" borderWidth="1px" borderRadius="md">
      <HStack justify="space-between" align="start" gap="3" flexWrap="wrap">
        <Text fontWeight="semibold" wordBreak="break-all" flex="1" minWidth="0">
          {data.url}
        </Text>
        <HStack gap="2">
          {data.scheduled && <Badge colorPalette="purple">{t('knowledge.website.scheduledBadge')}</Badge>}
          <Badge colorPalette={STATUS_COLORS[data.status]}>{statusLabels[data.status]}</Badge>
        </HStack>
      </HStack>
      <DataList.Root orientation="horizontal" size="sm" flexDirection={{ base: 'column', md: 'row' }} gap={{ base: '1', md: '6' }}>
        <DataList.Item>
          <DataList.ItemLabel>{t('knowledge.website.columns.scope')}</DataList.ItemLabel>
          <DataList.ItemValue>{scope}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('knowledge.website.columns.pages')}</DataList.ItemLabel>
          <DataList.ItemValue>{data.itemsCount}</DataList.ItemValue>
        </DataList.Item>
        {data.status === 'completed' && (
          <DataList.Item>
            <DataList.ItemLabel>{t('knowledge.website.columns.changes')}</DataList.ItemLabel>
            <DataList.ItemValue>
              {t('knowledge.website.changes', { added: data.pagesAdded, changed: data.pagesChanged, removed: data.pagesRemoved })}
            </DataList.ItemValue>
          </DataList.Item>
        )}
        <DataList.Item>
          <DataList.ItemLabel>{t('knowledge.website.columns.cost')}</DataList.ItemLabel>
          <DataList.ItemValue>{format(data.costUsage, 'cost')}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('knowledge.website.columns.date')}</DataList.ItemLabel>
          <DataList.ItemValue>{format(data.scrapedAt ?? data.createdAt, 'dateTime')}</DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
      {data.status === 'failed' && data.errorMessage && (
        <Text fontSize="sm" color="fg.error">
          {data.errorMessage}
        </Text>
      )}
      <Button
        alignSelf="start"
        size="sm"
        variant="outline"
        disabled={data.itemsCount === 0}
        aria-label={t('knowledge.website.viewPagesLabel', { url: data.url })}
        onClick={() => setViewing(true)}
      >
        {t('knowledge.website.viewPages')}
      </Button>
      {schedule && <CrawlScheduleControl botId={schedule.botId} crawl={data} allowedSchedules={schedule.allowedSchedules} />}
      <CrawlPagesDialog crawlId={data.id} url={data.url} open={viewing} onClose={() => setViewing(false)} />
    </Stack>
  );
}
