import { Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import { BotFilterSelect } from '../../ui/BotFilterSelect.tsx';
import { SearchBox } from '../../ui/ListFilters.tsx';
import { FilterSelect } from '../../ui/SelectField.tsx';
import type { InboxFiltersFragment$key } from './__generated__/InboxFiltersFragment.graphql.ts';
import type { ConversationStatus, InboxChannel } from './__generated__/InboxListRefetchQuery.graphql.ts';

const CHANNELS = ['widget', 'whatsapp'] as const satisfies readonly InboxChannel[];
/** "Needs a person" first: the conversations waiting for someone are what an owner looks for. */
const STATUSES = ['WAITING', 'HUMAN', 'BOT', 'CLOSED'] as const satisfies readonly ConversationStatus[];

export interface InboxFilterValues {
  search: string;
  botId: string;
  channel: InboxChannel | '';
  status: ConversationStatus | '';
}

export const NO_FILTERS: InboxFilterValues = { search: '', botId: '', channel: '', status: '' };

/** The list's variables for the filters on screen; each filter left at "all" is absent. */
export const inboxVariablesOf = (filters: InboxFilterValues) => ({
  search: filters.search.trim() || null,
  botId: filters.botId || null,
  channel: filters.channel || null,
  status: filters.status || null,
});

export function InboxFilters({
  viewer,
  filters,
  onChange,
}: {
  viewer: InboxFiltersFragment$key;
  filters: InboxFilterValues;
  onChange: (filters: InboxFilterValues) => void;
}) {
  const { t } = useTranslation();
  const botChoices = useFragment(
    graphql`
      fragment InboxFiltersFragment on User {
        ...BotFilterSelectFragment
      }
    `,
    viewer,
  );
  return (
    <Stack gap="2">
      <SearchBox label={t('inbox.search')} value={filters.search} onChange={(search) => onChange({ ...filters, search })} />
      <Stack direction="row" gap="2" wrap="wrap">
        <FilterSelect
          label={t('inbox.statusFilter')}
          value={filters.status}
          options={[
            { value: '', label: t('inbox.allStatuses') },
            ...STATUSES.map((status) => ({ value: status, label: t(`inbox.statusFilters.${status}`) })),
          ]}
          onChange={(status) => onChange({ ...filters, status })}
        />
        <FilterSelect
          label={t('inbox.channelFilter')}
          value={filters.channel}
          options={[
            { value: '', label: t('inbox.allChannels') },
            ...CHANNELS.map((channel) => ({ value: channel, label: t(`inbox.channels.${channel}`) })),
          ]}
          onChange={(channel) => onChange({ ...filters, channel })}
        />
        <BotFilterSelect
          viewer={botChoices}
          label={t('inbox.botFilter')}
          allLabel={t('inbox.allBots')}
          value={filters.botId}
          onChange={(botId) => onChange({ ...filters, botId })}
        />
      </Stack>
    </Stack>
  );
}
