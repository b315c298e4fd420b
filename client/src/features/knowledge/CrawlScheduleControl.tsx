import { Button, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import { useFormMutation } from '../../ui/useFormMutation.ts';
import type { CrawlScheduleControlFragment$key } from './__generated__/CrawlScheduleControlFragment.graphql.ts';
import type { CrawlScheduleControlSetMutation } from './__generated__/CrawlScheduleControlSetMutation.graphql.ts';
import { ScheduleSelect } from './ScheduleSelect.tsx';
import { useStartCrawl } from './useStartCrawl.ts';

/** How often a website is crawled again on its own, and a crawl of it now. */
export function CrawlScheduleControl({
  botId,
  crawl,
  allowedSchedules,
}: {
  botId: string;
  crawl: CrawlScheduleControlFragment$key;
  allowedSchedules: readonly string[];
}) {
  const { t } = useTranslation();
  const data = useFragment(
    graphql`
      fragment CrawlScheduleControlFragment on WebSource {
        id
        url
        maxDepth
        status
        crawlSchedule
      }
    `,
    crawl,
  );
  const setSchedule = useFormMutation<CrawlScheduleControlSetMutation>(
    graphql`
      mutation CrawlScheduleControlSetMutation($id: ID!, $schedule: CrawlSchedule!) {
        setCrawlSchedule(webSourceId: $id, schedule: $schedule) {
          __typename
          ... on WebSource {
            id
            crawlSchedule
          }
          ...MutationErrorFragment @alias(as: "error")
        }
      }
    `,
    { failedTitle: t('knowledge.website.schedule.failed') },
  );
  const runNow = useStartCrawl(botId);
  const running = data.status === 'pending' || data.status === 'running';

  return (
    <Stack direction={{ base: 'column', sm: 'row' }} gap="3" align={{ base: 'stretch', sm: 'end' }}>
      <ScheduleSelect
        label={t('knowledge.website.schedule.label')}
        value={data.crawlSchedule}
        allowed={allowedSchedules}
        disabled={setSchedule.inFlight}
        onChange={(schedule) => setSchedule.submit({ variables: { id: data.id, schedule } })}
      />
      <Button
        variant="outline"
        flexShrink={0}
        loading={runNow.inFlight}
        disabled={running}
        aria-label={t('knowledge.website.schedule.runNowLabel', { url: data.url })}
        onClick={() => runNow.start({ url: data.url, maxDepth: data.maxDepth })}
      >
        {t('knowledge.website.schedule.runNow')}
      </Button>
    </Stack>
  );
}
