import { ArrowLeft } from 'lucide-react';
import { Badge, Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Tabs } from '../../ui/chakra/Tabs.ts';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import { Link, useNavigate } from 'react-router';
import { ErrorBoundary } from '../../ui/ErrorBoundary.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { scrollEdgesMask, useScrollEdges } from '../../ui/scrollEdges.ts';
import { toaster } from '../../ui/toaster.tsx';
import { DocumentsTab } from '../knowledge/DocumentsTab.tsx';
import { QaPairsTab } from '../knowledge/QaPairsTab.tsx';
import { WebsiteTab } from '../knowledge/WebsiteTab.tsx';
import type { BotEditorFragment$key } from './__generated__/BotEditorFragment.graphql.ts';
import { AgentUseCaseTab } from './AgentUseCaseTab.tsx';
import { BotDetailsTab } from './BotDetailsTab.tsx';
import {
  draftOf,
  invalidForSave,
  missingForSave,
  NEW_BOT_DRAFT,
  sameDraft,
  type BotDraft,
  type DraftField,
  type NewImages,
} from './botDraft.ts';
import { DeployButton } from './DeployDialog.tsx';
import { editorPathOf } from './editorPath.ts';
import { HandoffTab } from './HandoffTab.tsx';
import { TestBotDialog } from './TestBotDialog.tsx';
import { useSaveBot } from './useSaveBot.ts';

// Loaded when its tab opens: it brings libphonenumber's metadata, which no other tab needs.
const ConnectionsTab = lazy(() => import('../connections/ConnectionsTab.tsx').then(({ ConnectionsTab }) => ({ default: ConnectionsTab })));

export type EditorTab = 'useCase' | 'details' | 'documents' | 'website' | 'qa' | 'connections' | 'handoff';

/** Which tab shows each field, to take the user to the first one a save is missing. */
const TAB_OF_FIELD: Record<DraftField, EditorTab> = {
  name: 'useCase',
  useCase: 'useCase',
  description: 'useCase',
  displayName: 'details',
  customTone: 'details',
  themeColor: 'details',
  maxTokens: 'details',
};

const FIELD_LABEL_KEYS: Record<DraftField, string> = {
  name: 'editor.useCase.name',
  useCase: 'editor.useCase.useCase',
  description: 'editor.useCase.description',
  displayName: 'editor.details.displayName',
  customTone: 'editor.details.customTone',
  themeColor: 'editor.details.themeColor',
  maxTokens: 'editor.details.maxTokens',
};

const FIELD_ERROR_KEYS: Partial<Record<DraftField, string>> = {
  themeColor: 'editor.validation.themeColor',
  maxTokens: 'editor.validation.maxTokens',
};

const botEditorFragment = graphql`
  fragment BotEditorFragment on Bot {
    id
    name
    useCase
    description
    generatedPrompt
    botPrompt
    displayName
    tone
    customToneDescription
    responseStyle
    languageCode
    isActive
    chatPosition
    themeColor
    creativity
    maxTokens
    streaming
    enableMemory
    followUpBehavior
    iconUrl
    logoUrl
    ...HandoffTabFragment
  }
`;

/**
 * The bot editor: the form's draft, the last saved copy it is compared with, new image files, and
 * the tabs. A new bot gets its id on its first save, which unlocks the knowledge tabs.
 */
export function BotEditor({ bot: initialBot, onCreated }: { bot: BotEditorFragment$key | null; onCreated?: (id: string) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [botKey, setBotKey] = useState(initialBot);
  const bot = useFragment(botEditorFragment, botKey);
  const [saved, setSaved] = useState<BotDraft>(() => (bot ? draftOf(bot) : NEW_BOT_DRAFT));
  const [draft, setDraft] = useState<BotDraft>(saved);
  const [images, setImages] = useState<NewImages>({});
  const [tab, setTab] = useState<EditorTab>('useCase');
  // On a narrow screen the tabs scroll: the cut sides fade, and the selected tab is kept in view.
  const tabList = useScrollEdges<HTMLDivElement>(tab);
  const [showErrors, setShowErrors] = useState(false);
  const [testing, setTesting] = useState(false);
  const { save, saving } = useSaveBot();

  const botId = bot?.id ?? null;
  const dirty = !sameDraft(draft, saved) || Boolean(images.icon || images.logo);
  const fieldErrors = new Set<DraftField>(showErrors ? [...missingForSave(draft), ...invalidForSave(draft)] : []);

  const change = (patch: Partial<BotDraft>) => setDraft((current) => ({ ...current, ...patch }));

  async function saveBot() {
    const missing = missingForSave(draft);
    const invalid = invalidForSave(draft);
    if (missing.length > 0 || invalid.length > 0) {
      setShowErrors(true);
      setTab(TAB_OF_FIELD[(missing[0] ?? invalid[0])!]);
      if (missing.length > 0) {
        const fields = missing.map((field) => t(FIELD_LABEL_KEYS[field])).join(', ');
        toaster.create({
          type: 'error',
          title: t('editor.validation.missingInformation'),
          description: t('editor.validation.saveNeeds', { fields }),
        });
      } else {
        toaster.create({ type: 'error', title: t('editor.toast.saveFailed'), description: t(FIELD_ERROR_KEYS[invalid[0]!]!) });
      }
      return;
    }
    const result = await save(botId, draft, images);
    if (!result.saved) return;
    const created = botId === null;
    setBotKey(result.saved.bot);
    if (created) {
      onCreated?.(result.saved.id);
      void navigate(editorPathOf(result.saved.id), { replace: true });
    }
    setSaved(draft);
    if (!result.imagesSaved) return;
    setImages({});
    setShowErrors(false);
    setTab('documents');
  }

  function openTest() {
    if (!draft.name.trim()) {
      toaster.create({ type: 'error', title: t('editor.toast.missingBotName'), description: t('editor.toast.missingBotNameDetail') });
      return;
    }
    setTesting(true);
  }

  const title = bot ? t('editor.titleEdit', { name: bot.name }) : t('editor.titleNew');
  const knowledgeTab = (content: ReactNode) => (
    <ErrorBoundary>
      <Suspense fallback={<PageSpinner />}>{content}</Suspense>
    </ErrorBoundary>
  );

  return (
    <Stack gap="6">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Stack gap="1">
          <Button asChild variant="plain" size="sm" alignSelf="start" paddingX="0">
            <Link to="/chatbots">
              <ArrowLeft aria-hidden="true" size={16} /> {t('editor.backToChatbots')}
            </Link>
          </Button>
          <HStack gap="3" wrap="wrap">
            <Heading as="h1" size="2xl">
              {title}
            </Heading>
            {dirty && <Badge colorPalette="orange">{t('editor.actions.unsaved')}</Badge>}
          </HStack>
        </Stack>
        <HStack gap="2" wrap="wrap">
          <Button variant="outline" onClick={openTest}>
            {t('editor.actions.test')}
          </Button>
          <DeployButton botId={botId} botName={bot?.name ?? draft.name.trim()} />
          <Button colorPalette="brand" disabled={!dirty} loading={saving} loadingText={t('editor.actions.saving')} onClick={saveBot}>
            {t('editor.actions.save')}
          </Button>
        </HStack>
      </Flex>

      <Tabs.Root value={tab} onValueChange={({ value }) => setTab(value as EditorTab)} lazyMount unmountOnExit variant="line">
        <Tabs.List
          ref={tabList.ref}
          aria-label={t('editor.tabs.label')}
          overflowX="auto"
          data-more-before={tabList.edges.before || undefined}
          data-more-after={tabList.edges.after || undefined}
          css={{ '& [role=tab]': { whiteSpace: 'nowrap', flexShrink: 0 }, maskImage: scrollEdgesMask(tabList.edges) }}
        >
          <Tabs.Trigger value="useCase">{t('editor.tabs.useCase')}</Tabs.Trigger>
          <Tabs.Trigger value="details">{t('editor.tabs.details')}</Tabs.Trigger>
          <Tabs.Trigger value="documents" disabled={!botId}>
            {t('editor.tabs.documents')}
          </Tabs.Trigger>
          <Tabs.Trigger value="website" disabled={!botId}>
            {t('editor.tabs.website')}
          </Tabs.Trigger>
          <Tabs.Trigger value="qa" disabled={!botId}>
            {t('editor.tabs.qa')}
          </Tabs.Trigger>
          <Tabs.Trigger value="connections" disabled={!botId}>
            {t('editor.tabs.connections')}
          </Tabs.Trigger>
          <Tabs.Trigger value="handoff" disabled={!botId}>
            {t('editor.tabs.handoff')}
          </Tabs.Trigger>
        </Tabs.List>
        {!botId && (
          <Text fontSize="sm" color="fg.muted" marginTop="2">
            {t('editor.tabs.needsSave')}
          </Text>
        )}
        <Tabs.Content value="useCase">
          <AgentUseCaseTab draft={draft} onChange={change} fieldErrors={fieldErrors} onContinue={() => setTab('details')} />
        </Tabs.Content>
        <Tabs.Content value="details">
          <BotDetailsTab
            draft={draft}
            onChange={change}
            fieldErrors={fieldErrors}
            images={images}
            onImagesChange={setImages}
            savedImages={{ icon: bot?.iconUrl ?? null, logo: bot?.logoUrl ?? null }}
          />
        </Tabs.Content>
        {botId && (
          <>
            <Tabs.Content value="documents">{knowledgeTab(<DocumentsTab botId={botId} />)}</Tabs.Content>
            <Tabs.Content value="website">{knowledgeTab(<WebsiteTab botId={botId} />)}</Tabs.Content>
            <Tabs.Content value="qa">{knowledgeTab(<QaPairsTab botId={botId} />)}</Tabs.Content>
            <Tabs.Content value="connections">{knowledgeTab(<ConnectionsTab botId={botId} />)}</Tabs.Content>
          </>
        )}
        {bot && (
          <Tabs.Content value="handoff">
            <HandoffTab bot={bot} />
          </Tabs.Content>
        )}
      </Tabs.Root>

      <TestBotDialog open={testing} onClose={() => setTesting(false)} botId={botId} botName={draft.name.trim()} unsavedChanges={dirty} />
    </Stack>
  );
}
