import { Alert, Button, Heading, HStack, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment, useLazyLoadQuery, type GraphQLTaggedNode } from 'react-relay';
import type { MutationParameters } from 'relay-runtime';
import { Link as RouterLink } from 'react-router';
import { ErrorBoundary } from '../../ui/ErrorBoundary.tsx';
import { ErrorPanel } from '../../ui/ErrorPanel.tsx';
import { SelectField } from '../../ui/SelectField.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toaster } from '../../ui/toaster.tsx';
import { useFormMutation } from '../../ui/useFormMutation.ts';
import type { DataToolSectionFragment$data, DataToolSectionFragment$key } from './__generated__/DataToolSectionFragment.graphql.ts';
import type { DataToolSectionNotionMutation } from './__generated__/DataToolSectionNotionMutation.graphql.ts';
import type { DataToolSectionSheetMutation } from './__generated__/DataToolSectionSheetMutation.graphql.ts';
import type { DataToolSectionSpreadsheetsQuery } from './__generated__/DataToolSectionSpreadsheetsQuery.graphql.ts';
import type { DataToolSectionSyncMutation } from './__generated__/DataToolSectionSyncMutation.graphql.ts';
import type { BotDataTool, DataToolSectionToolMutation } from './__generated__/DataToolSectionToolMutation.graphql.ts';
import type { DataToolSectionScheduleMutation } from './__generated__/DataToolSectionScheduleMutation.graphql.ts';
import { ScheduleSelect } from '../knowledge/ScheduleSelect.tsx';

const TOOLS: readonly BotDataTool[] = ['sheet', 'notion', 'none'];

/** A bot setting's mutation: the answer is the bot or a typed error, toasted with the screen's own fallback. */
function useBotMutation<TMutation extends MutationParameters>(mutation: GraphQLTaggedNode, failure: { title: string; fallback: string }) {
  return useFormMutation<TMutation>(mutation, {
    failedTitle: failure.title,
    failedDescription: failure.fallback,
  });
}

const dataToolFragment = graphql`
  fragment DataToolSectionFragment on Bot {
    id
    dataTool
    allowedCrawlSchedules
    sheetConfig {
      syncSchedule
      incomingSpreadsheetId
      incomingSpreadsheetName
      incomingSheetName
      completedSpreadsheetId
      completedSpreadsheetName
      completedSheetName
    }
    notionConfig {
      syncSchedule
      apiKeyMasked
      readDatabaseId
      writeDatabaseId
    }
  }
`;

export function DataToolSection({ bot: botKey }: { bot: DataToolSectionFragment$key }) {
  const { t } = useTranslation();
  const bot = useFragment(dataToolFragment, botKey);
  const changeTool = useBotMutation<DataToolSectionToolMutation>(
    graphql`
      mutation DataToolSectionToolMutation($botId: ID!, $tool: BotDataTool!) {
        setBotDataTool(botId: $botId, tool: $tool) {
          ... on Bot {
            ...DataToolSectionFragment @alias
          }
          ...MutationErrorFragment @alias(as: "error")
        }
      }
    `,
    { title: t('connections.tool.changeFailed'), fallback: t('connections.tool.changeFallback') },
  );
  const syncTool = useBotMutation<DataToolSectionSyncMutation>(
    graphql`
      mutation DataToolSectionSyncMutation($botId: ID!) {
        syncBotDataTool(botId: $botId) {
          ... on Bot {
            id
          }
          ...MutationErrorFragment @alias(as: "error")
        }
      }
    `,
    { title: t('connections.tool.syncFailed'), fallback: t('connections.tool.syncFallback') },
  );

  const setSchedule = useBotMutation<DataToolSectionScheduleMutation>(
    graphql`
      mutation DataToolSectionScheduleMutation($botId: ID!, $schedule: CrawlSchedule!) {
        setDataToolSyncSchedule(botId: $botId, schedule: $schedule) {
          ... on Bot {
            id
            sheetConfig {
              syncSchedule
            }
            notionConfig {
              syncSchedule
            }
          }
          ...MutationErrorFragment @alias(as: "error")
        }
      }
    `,
    { title: t('connections.tool.scheduleFailed'), fallback: t('connections.tool.scheduleFallback') },
  );
  // The schedule is the current tool's, once its configuration is saved.
  const savedConfig = bot.dataTool === 'sheet' ? bot.sheetConfig : bot.dataTool === 'notion' ? bot.notionConfig : null;

  function choose(tool: BotDataTool) {
    changeTool.submit({
      variables: { botId: bot.id, tool },
      onSuccess: () =>
        toaster.create({ type: 'success', title: t('connections.tool.updated'), description: t(`connections.tool.names.${tool}`) }),
    });
  }

  function sync() {
    syncTool.submit({
      variables: { botId: bot.id },
      onSuccess: () =>
        toaster.create({ type: 'success', title: t('connections.tool.synced'), description: t('connections.tool.syncedDescription') }),
    });
  }

  return (
    <Stack gap="4" as="section" aria-labelledby="data-tool-heading">
      <Stack gap="1">
        <Heading as="h3" size="md" id="data-tool-heading">
          {t('connections.tool.heading')}
        </Heading>
        <Text color="fg.muted">{t('connections.tool.intro')}</Text>
      </Stack>
      <HStack gap="2" flexWrap="wrap" role="group" aria-label={t('connections.tool.choiceLabel')}>
        {TOOLS.map((tool) => (
          <Button
            key={tool}
            variant={bot.dataTool === tool ? 'solid' : 'outline'}
            colorPalette={bot.dataTool === tool ? 'brand' : undefined}
            disabled={bot.dataTool === tool || changeTool.inFlight}
            aria-pressed={bot.dataTool === tool}
            onClick={() => choose(tool)}
          >
            {t(`connections.tool.names.${tool}`)}
          </Button>
        ))}
        {bot.dataTool !== 'none' && (
          <Button variant="ghost" loading={syncTool.inFlight} onClick={sync}>
            {t('connections.tool.syncNow')}
          </Button>
        )}
      </HStack>
      {savedConfig && (
        <ScheduleSelect
          label={t('connections.tool.schedule')}
          value={savedConfig.syncSchedule}
          allowed={bot.allowedCrawlSchedules}
          disabled={setSchedule.inFlight}
          onChange={(schedule) => setSchedule.submit({ variables: { botId: bot.id, schedule } })}
        />
      )}
      {bot.dataTool === 'sheet' && (
        <ErrorBoundary
          fallback={(error, reset) => <ErrorPanel title={t('connections.sheet.loadFailed')} message={error.message} onRetry={reset} />}
        >
          <Suspense fallback={<Spinner aria-label={t('connections.loading')} />}>
            <SheetConfigForm botId={bot.id} saved={bot.sheetConfig} />
          </Suspense>
        </ErrorBoundary>
      )}
      {bot.dataTool === 'notion' && <NotionConfigForm botId={bot.id} saved={bot.notionConfig} />}
    </Stack>
  );
}

interface SheetChoice {
  spreadsheetId: string;
  sheet: string;
}

function SheetConfigForm({ botId, saved }: { botId: string; saved: DataToolSectionFragment$data['sheetConfig'] }) {
  const { t } = useTranslation();
  const { viewer } = useLazyLoadQuery<DataToolSectionSpreadsheetsQuery>(
    graphql`
      query DataToolSectionSpreadsheetsQuery {
        viewer {
          googleSpreadsheets {
            connected
            message
            spreadsheets {
              spreadsheetId
              spreadsheetName
              sheets {
                sheetTitle
              }
            }
          }
        }
      }
    `,
    {},
    { fetchPolicy: 'store-and-network' },
  );
  const [incoming, setIncoming] = useState<SheetChoice>({
    spreadsheetId: saved?.incomingSpreadsheetId ?? '',
    sheet: saved?.incomingSheetName ?? '',
  });
  const [completed, setCompleted] = useState<SheetChoice>({
    spreadsheetId: saved?.completedSpreadsheetId ?? '',
    sheet: saved?.completedSheetName ?? '',
  });
  const saveSheet = useBotMutation<DataToolSectionSheetMutation>(
    graphql`
      mutation DataToolSectionSheetMutation($input: SheetConfigInput!) {
        saveSheetConfig(input: $input) {
          ... on Bot {
            ...DataToolSectionFragment @alias
          }
          ...MutationErrorFragment @alias(as: "error")
        }
      }
    `,
    { title: t('connections.sheet.saveFailed'), fallback: t('connections.sheet.saveFallback') },
  );
  const list = viewer?.googleSpreadsheets;
  if (!list?.connected) {
    return (
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('connections.sheet.notConnected')}</Alert.Title>
          <Alert.Description>
            {t('connections.sheet.connectFirst')}{' '}
            <RouterLink to="/settings" style={{ textDecoration: 'underline' }}>
              {t('connections.sheet.openSettings')}
            </RouterLink>
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  const nameOf = (id: string) => list.spreadsheets.find((spreadsheet) => spreadsheet.spreadsheetId === id)?.spreadsheetName ?? '';

  function save() {
    if (!incoming.spreadsheetId || !incoming.sheet || !completed.spreadsheetId || !completed.sheet) {
      toaster.create({ type: 'error', title: t('connections.sheet.missingTitle'), description: t('connections.sheet.missing') });
      return;
    }
    saveSheet.submit({
      variables: {
        input: {
          botId,
          incomingSpreadsheetId: incoming.spreadsheetId,
          incomingSpreadsheetName: nameOf(incoming.spreadsheetId),
          incomingSheetName: incoming.sheet,
          completedSpreadsheetId: completed.spreadsheetId,
          completedSpreadsheetName: nameOf(completed.spreadsheetId),
          completedSheetName: completed.sheet,
        },
      },
      onSuccess: () =>
        toaster.create({ type: 'success', title: t('connections.sheet.saved'), description: t('connections.sheet.savedDescription') }),
    });
  }

  const picker = (kind: 'incoming' | 'completed', choice: SheetChoice, change: (choice: SheetChoice) => void) => {
    const sheets = list.spreadsheets.find((spreadsheet) => spreadsheet.spreadsheetId === choice.spreadsheetId)?.sheets ?? [];
    return (
      <Stack gap="2" borderWidth="1px" borderRadius="md" padding="3">
        <Text fontWeight="semibold">{t(`connections.sheet.${kind}Heading`)}</Text>
        <Text fontSize="sm" color="fg.muted">
          {t(`connections.sheet.${kind}Help`)}
        </Text>
        <SelectField
          label={t('connections.sheet.spreadsheet')}
          value={choice.spreadsheetId}
          placeholder={t('connections.sheet.choose')}
          options={list.spreadsheets.map((spreadsheet) => ({ value: spreadsheet.spreadsheetId, label: spreadsheet.spreadsheetName }))}
          onChange={(spreadsheetId) => change({ spreadsheetId, sheet: '' })}
        />
        <SelectField
          label={t('connections.sheet.sheet')}
          value={choice.sheet}
          placeholder={t('connections.sheet.choose')}
          disabled={!choice.spreadsheetId}
          options={sheets.map((sheet) => ({ value: sheet.sheetTitle, label: sheet.sheetTitle }))}
          onChange={(sheet) => change({ ...choice, sheet })}
        />
      </Stack>
    );
  };

  return (
    <Stack gap="3">
      {list.spreadsheets.length === 0 && <Text color="fg.muted">{list.message}</Text>}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        {picker('incoming', incoming, setIncoming)}
        {picker('completed', completed, setCompleted)}
      </SimpleGrid>
      <Button alignSelf="start" colorPalette="brand" loading={saveSheet.inFlight} onClick={save}>
        {t('connections.save')}
      </Button>
    </Stack>
  );
}

function NotionConfigForm({ botId, saved }: { botId: string; saved: DataToolSectionFragment$data['notionConfig'] }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(saved === null);
  const [apiKey, setApiKey] = useState('');
  const [readDatabaseId, setReadDatabaseId] = useState(saved?.readDatabaseId ?? '');
  const [writeDatabaseId, setWriteDatabaseId] = useState(saved?.writeDatabaseId ?? '');
  const saveNotion = useBotMutation<DataToolSectionNotionMutation>(
    graphql`
      mutation DataToolSectionNotionMutation($input: NotionConfigInput!) {
        saveNotionConfig(input: $input) {
          ... on Bot {
            ...DataToolSectionFragment @alias
          }
          ...MutationErrorFragment @alias(as: "error")
        }
      }
    `,
    { title: t('connections.notion.saveFailed'), fallback: t('connections.notion.saveFallback') },
  );

  if (!editing && saved) {
    return (
      <Stack gap="2" borderWidth="1px" borderRadius="md" padding="3">
        <dl>
          <Text as="dt" fontWeight="semibold">
            {t('connections.notion.apiKey')}
          </Text>
          <Text as="dd" marginBottom="2" fontFamily="mono">
            {saved.apiKeyMasked}
          </Text>
          <Text as="dt" fontWeight="semibold">
            {t('connections.notion.readDatabase')}
          </Text>
          <Text as="dd" marginBottom="2" fontFamily="mono" wordBreak="break-all">
            {saved.readDatabaseId}
          </Text>
          <Text as="dt" fontWeight="semibold">
            {t('connections.notion.writeDatabase')}
          </Text>
          <Text as="dd" fontFamily="mono" wordBreak="break-all">
            {saved.writeDatabaseId}
          </Text>
        </dl>
        <Button alignSelf="start" variant="outline" onClick={() => setEditing(true)}>
          {t('connections.notion.edit')}
        </Button>
      </Stack>
    );
  }

  function save() {
    if (!saved && !apiKey.trim()) {
      toaster.create({ type: 'error', title: t('connections.notion.saveFailed'), description: t('connections.notion.apiKeyRequired') });
      return;
    }
    saveNotion.submit({
      variables: {
        input: { botId, apiKey: apiKey.trim() || null, readDatabaseId: readDatabaseId.trim(), writeDatabaseId: writeDatabaseId.trim() },
      },
      onSuccess: () => {
        setEditing(false);
        setApiKey('');
        toaster.create({ type: 'success', title: saved ? t('connections.notion.updated') : t('connections.notion.added') });
      },
    });
  }

  return (
    // noValidate: the missing key gets the spec's toast rather than the browser's bubble.
    <Stack asChild gap="3" borderWidth="1px" borderRadius="md" padding="3">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <TextField
          label={t('connections.notion.apiKey')}
          required={!saved}
          type="password"
          autoComplete="off"
          value={apiKey}
          onChange={setApiKey}
          helper={saved && t('connections.notion.keepKey', { masked: saved.apiKeyMasked })}
        />
        <TextField label={t('connections.notion.readDatabase')} value={readDatabaseId} onChange={setReadDatabaseId} />
        <TextField label={t('connections.notion.writeDatabase')} value={writeDatabaseId} onChange={setWriteDatabaseId} />
        <HStack gap="2">
          <Button type="submit" colorPalette="brand" loading={saveNotion.inFlight}>
            {t('connections.save')}
          </Button>
          {saved && (
            <Button
              variant="outline"
              onClick={() => {
                setEditing(false);
                setApiKey('');
                setReadDatabaseId(saved.readDatabaseId);
                setWriteDatabaseId(saved.writeDatabaseId);
              }}
            >
              {t('connections.notion.cancel')}
            </Button>
          )}
        </HStack>
      </form>
    </Stack>
  );
}
