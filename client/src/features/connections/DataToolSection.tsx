import { Alert, Button, Field, Heading, HStack, Input, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment, useLazyLoadQuery, useMutation } from 'react-relay';
import { Link as RouterLink } from 'react-router';
import { ErrorBoundary } from '../../ui/ErrorBoundary.tsx';
import { ErrorPanel } from '../../ui/ErrorPanel.tsx';
import { SelectField } from '../../ui/SelectField.tsx';
import { toaster } from '../../ui/toaster.tsx';
import type { DataToolSectionFragment$data, DataToolSectionFragment$key } from './__generated__/DataToolSectionFragment.graphql.ts';
import type { DataToolSectionNotionMutation } from './__generated__/DataToolSectionNotionMutation.graphql.ts';
import type { DataToolSectionSheetMutation } from './__generated__/DataToolSectionSheetMutation.graphql.ts';
import type { DataToolSectionSpreadsheetsQuery } from './__generated__/DataToolSectionSpreadsheetsQuery.graphql.ts';
import type { DataToolSectionSyncMutation } from './__generated__/DataToolSectionSyncMutation.graphql.ts';
import type { BotDataTool, DataToolSectionToolMutation } from './__generated__/DataToolSectionToolMutation.graphql.ts';

const TOOLS: readonly BotDataTool[] = ['sheet', 'notion', 'none'];

type MutationResult = { readonly __typename: string; readonly message?: string };

/** Toasts the outcome of a mutation whose result is the bot or a typed error. */
function reportResult(result: MutationResult, success: () => void, failed: (message?: string) => void) {
  if (result.__typename === 'Bot') success();
  else failed(result.message);
}

const dataToolFragment = graphql`
  fragment DataToolSectionFragment on Bot {
    id
    dataTool
    sheetConfig {
      incomingSpreadsheetId
      incomingSpreadsheetName
      incomingSheetName
      completedSpreadsheetId
      completedSpreadsheetName
      completedSheetName
    }
    notionConfig {
      apiKeyMasked
      readDatabaseId
      writeDatabaseId
    }
  }
`;

export function DataToolSection({ bot: botKey }: { bot: DataToolSectionFragment$key }) {
  const { t } = useTranslation();
  const bot = useFragment(dataToolFragment, botKey);
  const [commitTool, changing] = useMutation<DataToolSectionToolMutation>(graphql`
    mutation DataToolSectionToolMutation($botId: ID!, $tool: BotDataTool!) {
      setBotDataTool(botId: $botId, tool: $tool) {
        __typename
        ... on Bot {
          ...DataToolSectionFragment @alias
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const [commitSync, syncing] = useMutation<DataToolSectionSyncMutation>(graphql`
    mutation DataToolSectionSyncMutation($botId: ID!) {
      syncBotDataTool(botId: $botId) {
        __typename
        ... on Bot {
          id
        }
        ... on Error {
          message
        }
      }
    }
  `);

  function choose(tool: BotDataTool) {
    const failed = (message?: string) =>
      toaster.create({
        type: 'error',
        title: t('connections.tool.changeFailed'),
        description: message || t('connections.tool.changeFallback'),
      });
    commitTool({
      variables: { botId: bot.id, tool },
      onCompleted: ({ setBotDataTool: result }) =>
        reportResult(
          result,
          () => toaster.create({ type: 'success', title: t('connections.tool.updated'), description: t(`connections.tool.names.${tool}`) }),
          failed,
        ),
      onError: () => {
        failed();
      },
    });
  }

  function sync() {
    const failed = (message?: string) =>
      toaster.create({
        type: 'error',
        title: t('connections.tool.syncFailed'),
        description: message || t('connections.tool.syncFallback'),
      });
    commitSync({
      variables: { botId: bot.id },
      onCompleted: ({ syncBotDataTool: result }) =>
        reportResult(
          result,
          () =>
            toaster.create({ type: 'success', title: t('connections.tool.synced'), description: t('connections.tool.syncedDescription') }),
          failed,
        ),
      onError: () => {
        failed();
      },
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
            disabled={bot.dataTool === tool || changing}
            aria-pressed={bot.dataTool === tool}
            onClick={() => choose(tool)}
          >
            {t(`connections.tool.names.${tool}`)}
          </Button>
        ))}
        {bot.dataTool !== 'none' && (
          <Button variant="ghost" loading={syncing} onClick={sync}>
            {t('connections.tool.syncNow')}
          </Button>
        )}
      </HStack>
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
  const [commit, saving] = useMutation<DataToolSectionSheetMutation>(graphql`
    mutation DataToolSectionSheetMutation($input: SheetConfigInput!) {
      saveSheetConfig(input: $input) {
        __typename
        ... on Bot {
          ...DataToolSectionFragment @alias
        }
        ... on Error {
          message
        }
      }
    }
  `);
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
    const failed = (message?: string) =>
      toaster.create({
        type: 'error',
        title: t('connections.sheet.saveFailed'),
        description: message || t('connections.sheet.saveFallback'),
      });
    commit({
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
      onCompleted: ({ saveSheetConfig: result }) =>
        reportResult(
          result,
          () =>
            toaster.create({ type: 'success', title: t('connections.sheet.saved'), description: t('connections.sheet.savedDescription') }),
          failed,
        ),
      onError: () => {
        failed();
      },
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
      <Button alignSelf="start" colorPalette="brand" loading={saving} onClick={save}>
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
  const [commit, saving] = useMutation<DataToolSectionNotionMutation>(graphql`
    mutation DataToolSectionNotionMutation($input: NotionConfigInput!) {
      saveNotionConfig(input: $input) {
        __typename
        ... on Bot {
          ...DataToolSectionFragment @alias
        }
        ... on Error {
          message
        }
      }
    }
  `);

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
    const failed = (message?: string) =>
      toaster.create({
        type: 'error',
        title: t('connections.notion.saveFailed'),
        description: message || t('connections.notion.saveFallback'),
      });
    commit({
      variables: {
        input: { botId, apiKey: apiKey.trim() || null, readDatabaseId: readDatabaseId.trim(), writeDatabaseId: writeDatabaseId.trim() },
      },
      onCompleted: ({ saveNotionConfig: result }) =>
        reportResult(
          result,
          () => {
            setEditing(false);
            setApiKey('');
            toaster.create({ type: 'success', title: saved ? t('connections.notion.updated') : t('connections.notion.added') });
          },
          failed,
        ),
      onError: () => {
        failed();
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
        <Field.Root required={!saved}>
          <Field.Label>
            {t('connections.notion.apiKey')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input type="password" autoComplete="off" value={apiKey} onChange={(event) => setApiKey(event.target.value)} />
          {saved && <Field.HelperText>{t('connections.notion.keepKey', { masked: saved.apiKeyMasked })}</Field.HelperText>}
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('connections.notion.readDatabase')}</Field.Label>
          <Input value={readDatabaseId} onChange={(event) => setReadDatabaseId(event.target.value)} />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('connections.notion.writeDatabase')}</Field.Label>
          <Input value={writeDatabaseId} onChange={(event) => setWriteDatabaseId(event.target.value)} />
        </Field.Root>
        <HStack gap="2">
          <Button type="submit" colorPalette="brand" loading={saving}>
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
