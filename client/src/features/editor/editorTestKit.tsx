import { ChakraProvider } from '@chakra-ui/react';
import { act, render, screen } from '@testing-library/react';
import { RelayEnvironmentProvider } from 'react-relay';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { OperationDescriptor } from 'relay-runtime';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import { SessionProvider } from '../../session/SessionProvider.tsx';
import { system } from '../../ui/theme.ts';
import { Toaster } from '../../ui/toaster.tsx';
import { Component as EditorRoute } from './EditorRoute.tsx';

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
  ...overrides,
});

/** Renders the /editor route with `botId` in the navigation state (none: a new bot). */
export function renderEditor({ botId = null as string | null, environment = createMockEnvironment() } = {}) {
  const router = createMemoryRouter(
    [
      { path: '/editor', element: <EditorRoute /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [{ pathname: '/editor', state: botId ? { botId } : null }] },
  );
  render(
    <ChakraProvider value={system}>
      <SessionProvider>
        <RelayEnvironmentProvider environment={environment}>
          <RouterProvider router={router} />
          <Toaster />
        </RelayEnvironmentProvider>
      </SessionProvider>
    </ChakraProvider>,
  );
  return { environment, router };
}

/** Opens the editor on a saved bot and answers its query. */
export async function renderSavedBot(overrides: Record<string, unknown> = {}) {
  const view = renderEditor({ botId: BOT_ID });
  await act(async () => {
    view.environment.mock.resolveMostRecentOperation((operation) => MockPayloadGenerator.generate(operation, { Node: () => ({ __typename: 'Bot' }), Bot: () => savedBot(overrides) }));
  });
  await screen.findByRole('heading', { name: 'Edit Support bot' });
  return view;
}

export async function resolveOperation(environment: MockEnvironment, name: string, data: Record<string, unknown>) {
  const operation = environment.mock.getAllOperations().find((candidate: OperationDescriptor) => candidate.request.node.params.name === name);
  if (!operation) throw new Error(`no pending ${name}`);
  await act(async () => {
    environment.mock.resolve(operation, { data });
  });
  return operation;
}

export const tab = (name: string) => screen.getByRole('tab', { name }) as HTMLButtonElement;
export const saveButton = () => screen.getByRole('button', { name: 'Save Bot' }) as HTMLButtonElement;
