import { ChakraProvider } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { RelayEnvironmentProvider } from 'react-relay';
import { createMemoryRouter, RouterProvider, type InitialEntry, type LoaderFunction, type RouteObject } from 'react-router';
import { createMockEnvironment } from 'relay-test-utils';
import { SessionProvider } from '../session/SessionProvider.tsx';
import { system } from '../ui/theme.ts';
import { PageSpinner } from '../ui/PageSpinner.tsx';
import { Toaster } from '../ui/toaster.tsx';

type MockEnvironment = ReturnType<typeof createMockEnvironment>;

/**
 * Renders `element` at `path` (with the route's `loader`, if given) inside the app's providers, with
 * a Relay mock environment, starting at `at` (a path, or a location with navigation state); other
 * routes can be given to check navigation.
 */
export function renderRoute(
  element: ReactElement,
  {
    path = '/',
    at = path,
    environment = createMockEnvironment(),
    loader,
    routes = [],
  }: { path?: string; at?: InitialEntry; environment?: MockEnvironment; loader?: LoaderFunction; routes?: RouteObject[] } = {},
) {
  // As the app's root route does, a spinner while the first loader runs.
  const router = createMemoryRouter(
    [{ path, element, loader, HydrateFallback: PageSpinner }, ...routes, { path: '*', element: <p>elsewhere</p> }],
    {
      initialEntries: [at],
    },
  );
  const view = render(
    <ChakraProvider value={system}>
      <SessionProvider>
        <RelayEnvironmentProvider environment={environment}>
          <RouterProvider router={router} />
          <Toaster />
        </RelayEnvironmentProvider>
      </SessionProvider>
    </ChakraProvider>,
  );
  return { ...view, router, environment };
}

/** A fetch stub answering by `METHOD path` (path without /api/v1), 404 otherwise. */
export function stubFetch(answers: Record<string, { status?: number; body: unknown }>) {
  const calls: { key: string; init?: RequestInit }[] = [];
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input).replace(/^\/api\/v1/, '');
    const key = `${init?.method ?? 'GET'} ${url}`;
    calls.push({ key, init });
    const answer = answers[key] ?? { status: 404, body: { detail: 'Not found' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  };
  globalThis.fetch = fetchStub as typeof fetch;
  return calls;
}
