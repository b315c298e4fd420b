import { Button, Stack } from '@chakra-ui/react';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, usePreloadedQuery, useQueryLoader, type PreloadedQuery } from 'react-relay';
import { Link, useLocation } from 'react-router';
import { ErrorBoundary } from '../../ui/ErrorBoundary.tsx';
import { ErrorPanel } from '../../ui/ErrorPanel.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import type { EditorRouteQuery } from './__generated__/EditorRouteQuery.graphql.ts';
import { BotEditor } from './BotEditor.tsx';

export const editorQuery = graphql`
  query EditorRouteQuery($id: ID!) {
    node(id: $id) {
      ... on Bot {
        ...BotEditorFragment @alias
      }
    }
  }
`;

/** The bot id travels in navigation state (`navigate('/editor', { state: { botId } })`); none means a new bot. */
export function botIdOf(state: unknown): string | null {
  if (state && typeof state === 'object' && 'botId' in state && typeof state.botId === 'string' && state.botId) return state.botId;
  return null;
}

function BackToChatbots() {
  const { t } = useTranslation();
  return (
    <Button asChild variant="outline" alignSelf="start">
      <Link to="/chatbots">{t('editor.backToChatbots')}</Link>
    </Button>
  );
}

function LoadFailed({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="4" align="center">
      <ErrorPanel title={t('editor.loadFailed')} message={message} />
      <BackToChatbots />
    </Stack>
  );
}

function ExistingBotEditor({ queryRef, onCreated }: { queryRef: PreloadedQuery<EditorRouteQuery>; onCreated: (id: string) => void }) {
  const { t } = useTranslation();
  const { node } = usePreloadedQuery<EditorRouteQuery>(editorQuery, queryRef);
  if (!node?.BotEditorFragment) return <LoadFailed message={`${t('editor.loadFailedDetail')}: ${t('editor.notFound')}`} />;
  return <BotEditor bot={node.BotEditorFragment} onCreated={onCreated} />;
}

class LoadErrorBoundary extends ErrorBoundary {
  override render() {
    return this.state.error ? <LoadFailed message={this.state.error.message || ''} /> : this.props.children;
  }
}

/** Loads the bot `botId` names, or opens an empty editor for a new bot when it is null. */
export function EditorScreen({ botId, onCreated }: { botId: string | null; onCreated: (id: string) => void }) {
  const [queryRef, loadBot] = useQueryLoader<EditorRouteQuery>(editorQuery);
  useEffect(() => {
    if (botId) loadBot({ id: botId }, { fetchPolicy: 'store-and-network' });
  }, [botId, loadBot]);
  if (!botId) return <BotEditor bot={null} onCreated={onCreated} />;
  if (!queryRef) return <PageSpinner />;
  return (
    <LoadErrorBoundary>
      <Suspense fallback={<PageSpinner />}>
        <ExistingBotEditor queryRef={queryRef} onCreated={onCreated} />
      </Suspense>
    </LoadErrorBoundary>
  );
}

export function Component() {
  const location = useLocation();
  const requestedId = botIdOf(location.state);
  // A bot the editor has just created is already in the store and on screen: the navigation state
  // then only records its id for a reload, and must not reload or reset the editor.
  const [createdId, setCreatedId] = useState<string | null>(null);
  const [shown, setShown] = useState({ botId: requestedId, session: 0 });
  if (requestedId !== shown.botId) {
    setShown({ botId: requestedId, session: requestedId !== null && requestedId === createdId ? shown.session : shown.session + 1 });
  }
  // The editor that created the bot holds it already, as it did before it had an id.
  const loadId = shown.botId === createdId ? null : shown.botId;
  return <EditorScreen key={shown.session} botId={loadId} onCreated={setCreatedId} />;
}
