import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { loadQuery } from 'react-relay';
import { useLocation, type RouteObject } from 'react-router';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import { expect } from 'vitest';
import { renderRoute } from '../../test/render.tsx';
import { EDITOR_ROUTE_PATH } from '../editor/editorPath.ts';
import type { ChatbotsRouteQuery } from './__generated__/ChatbotsRouteQuery.graphql.ts';
import { ChatbotsScreen, chatbotsQuery } from './ChatbotsRoute.tsx';

export const VIEWER_ID = 'viewer-1';

/** Keeps the viewer's id stable across the query and its refetches (bot owners keep their own). */
export const viewerResolver = (context: { path?: readonly string[] | null }) =>
  context.path?.length === 1 ? { id: VIEWER_ID } : undefined;

export const bot = (id: string, name: string, status = 'online') => ({
  id,
  name,
  status,
  lastUpdated: '2026-11-20T10:00:00Z',
  conversationsToday: 3,
  owner: { id: 'owner-1', fullName: 'Ann Owner' },
});

/** The server's bot allowance: a plan's limit, none (no plan), or unlimited. */
export const limitedTo = (limit: number) => ({ kind: 'limited', limit });
export const NO_PLAN = { kind: 'none', limit: null };
export const UNLIMITED = { kind: 'unlimited', limit: null };

export function renderChatbots({
  allowance = limitedTo(3) as { kind: string; limit: number | null },
  bots = [bot('b1', 'Support bot'), bot('b2', 'Sales bot', 'training')],
  routes = [] as RouteObject[],
} = {}) {
  const environment = createMockEnvironment();
  const queryRef = loadQuery<ChatbotsRouteQuery>(environment, chatbotsQuery, {});
  environment.mock.resolveMostRecentOperation((operation) =>
    MockPayloadGenerator.generate(operation, {
      User: viewerResolver,
      BotAllowance: () => allowance,
      UserBotsConnection: (_context, generateId) => ({
        totalCount: bots.length,
        edges: bots.map((node) => ({ cursor: `c${generateId()}`, node })),
        pageInfo: { hasNextPage: false, endCursor: null },
      }),
    }),
  );
  renderRoute(
    <Suspense fallback="loading">
      <ChatbotsScreen queryRef={queryRef} />
    </Suspense>,
    { environment, routes },
  );
  return environment;
}

export const createButton = () => screen.getByRole('button', { name: 'Create chatbot' }) as HTMLButtonElement;

/** Ark UI's menu ignores a second selection in the same jsdom document, so each menu test has its own file. */
export async function chooseMenuItem(botName: string, item: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: `Actions for ${botName}` }));
  const menuItem = await screen.findByRole('menuitem', { name: item });
  await user.hover(menuItem);
  await user.keyboard('{Enter}');
  await waitFor(() => expect(screen.queryByRole('menuitem')).toBeNull());
}

function NavigationState() {
  return <p>{`${useLocation().pathname} ${JSON.stringify(useLocation().state)}`}</p>;
}

/** A stand-in for the editor route that shows where the app went and with which navigation state. */
export const editorProbe: RouteObject[] = [{ path: EDITOR_ROUTE_PATH, element: <NavigationState /> }];
