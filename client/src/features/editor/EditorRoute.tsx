import { Button, Stack } from '@chakra-ui/react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, loadQuery, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Link, Navigate, useLoaderData, useLocation, useParams, type LoaderFunctionArgs } from 'react-router';
import type { IEnvironment } from 'relay-runtime';
import { relayEnvironment } from '../../relay/environment.ts';
import { ErrorBoundary } from '../../ui/ErrorBoundary.tsx';
import { ErrorPanel } from '../../ui/ErrorPanel.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import type { EditorRouteQuery } from './__generated__/EditorRouteQuery.graphql.ts';
import { BotEditor } from './BotEditor.tsx';
import { editorPathOf } from './editorPath.ts';

const editorQuery = graphql`
  query EditorRouteQuery($id: ID!) {
    node(id: $id) {
      ... on Bot {
        ...BotEditorFragment @alias
      }
    }
  }
`;

/**
 * Starts loading the bot the address names; `/editor` (a new bot) has nothing to load. The editor
 * copies the bot into its form once, when it opens, so a bot the store already holds in full
 * (opened earlier in this session, or just created: see useSaveBot) opens from the store rather
 * than being fetched again; any other is fetched.
 */
export function loadEditorQuery(environment: IEnvironment, { params }: LoaderFunctionArgs): PreloadedQuery<EditorRouteQuery> | null {
  if (!params.botId) return null;
  return loadQuery<EditorRouteQuery>(environment, editorQuery, { id: params.botId }, { fetchPolicy: 'store-or-network' });
}

export const loader = (args: LoaderFunctionArgs) => loadEditorQuery(relayEnvironment(), args);

/** The spec opens the editor at /editor with the bot id in navigation state (`{ botId }`). */
function botIdOf(state: unknown): string | null {
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

function ExistingBotEditor({ queryRef }: { queryRef: PreloadedQuery<EditorRouteQuery> }) {
  const { t } = useTranslation();
  const { node } = usePreloadedQuery<EditorRouteQuery>(editorQuery, queryRef);
  if (!node?.BotEditorFragment) return <LoadFailed message={`${t('editor.loadFailedDetail')}: ${t('editor.notFound')}`} />;
  return <BotEditor bot={node.BotEditorFragment} />;
}

class LoadErrorBoundary extends ErrorBoundary {
  override render() {
    return this.state.error ? <LoadFailed message={this.state.error.message || ''} /> : this.props.children;
  }
}

export function Component() {
  const queryRef = useLoaderData<typeof loader>();
  const { botId } = useParams();
  const botIdInState = botIdOf(useLocation().state);
  // A new bot's first save moves the editor to the bot's address; the editor that created it holds
  // it already (with any images still to upload and the tab it moved to), so it stays on screen.
  const [createdId, setCreatedId] = useState<string | null>(null);

  // The spec's way in, /editor with the bot id in navigation state, lands on the bot's address.
  if (!botId && botIdInState) return <Navigate to={editorPathOf(botIdInState)} replace />;
  if (!queryRef || botId === createdId) return <BotEditor bot={null} onCreated={setCreatedId} />;
  return (
    <LoadErrorBoundary key={botId}>
      <Suspense fallback={<PageSpinner />}>
        <ExistingBotEditor queryRef={queryRef} />
      </Suspense>
    </LoadErrorBoundary>
  );
}
