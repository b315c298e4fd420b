import { act, screen, waitFor } from '@testing-library/react';
import type { InitialEntry } from 'react-router';
import type { OperationDescriptor } from 'relay-runtime';
import { createMockEnvironment } from 'relay-test-utils';
import { renderRoute } from '../../test/render.tsx';
import { editorPathOf, EDITOR_ROUTE_PATH } from './editorPath.ts';
import { Component as EditorRoute, loadEditorQuery } from './EditorRoute.tsx';

type MockEnvironment = ReturnType<typeof createMockEnvironment>;

/** A Relay global id as the server makes them, so that the REST shim's database id can be read back. */
export const BOT_ID = btoa('Bot:4f1c2d3e');

export const savedBot = (overrides: Record<string, unknown> = {}) => ({
  __typename: 'Bot',
  id: BOT_ID,
  name: 'Support bot',
  useCase: 'customer-support',
  description: 'Answers questions about our shop',
  generatedPrompt: 'You are a helpful support assistant.',
  botPrompt: null,
  displayName: 'Shop helper',
  tone: 'friendly',
  customToneDescription: null,
  responseStyle: 'balanced',
  languageCode: 'en',
  isActive: true,
  chatPosition: 'bottom-right',
  themeColor: '#8b5cf6',
  creativity: 0.5,
  maxTokens: 0,
  streaming: false,
  enableMemory: false,
  followUpBehavior: 'ask-more',
  iconUrl: null,
  logoUrl: '/static/bots/4f1c2d3e/images/logo-1.png',
  handoff: { enabled: false, waitMinutes: 5, timeZone: 'UTC', openNow: true, openingHours: [] },
  ...overrides,
});

/** Renders the editor's route, with its loader, at `at`: `/editor` (a new bot), a bot's address, or a location with navigation state. */
export function renderEditor({ at = editorPathOf() as InitialEntry, environment = createMockEnvironment() } = {}) {
  return renderRoute(<EditorRoute />, { path: EDITOR_ROUTE_PATH, at, environment, loader: (args) => loadEditorQuery(environment, args) });
}

/** Opens the editor at a saved bot's address and answers its query. */
export async function renderSavedBot(overrides: Record<string, unknown> = {}) {
  const view = renderEditor({ at: editorPathOf(BOT_ID) });
  await resolveOperation(view.environment, 'EditorRouteQuery', { node: savedBot(overrides) });
  await screen.findByRole('heading', { name: 'Edit Support bot' });
  return view;
}

/** Answers the operation called `name` with `data`, once it has been sent. */
export async function resolveOperation(environment: MockEnvironment, name: string, data: Record<string, unknown>) {
  const operation = await waitFor(() => {
    const pending = environment.mock
      .getAllOperations()
      .find((candidate: OperationDescriptor) => candidate.request.node.params.name === name);
    if (!pending) throw new Error(`no pending ${name}`);
    return pending;
  });
  await act(async () => {
    environment.mock.resolve(operation, { data });
  });
  return operation;
}

export const tab = (name: string) => screen.getByRole('tab', { name }) as HTMLButtonElement;
export const saveButton = () => screen.getByRole('button', { name: 'Save Bot' }) as HTMLButtonElement;
