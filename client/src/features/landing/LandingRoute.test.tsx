import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMockEnvironment } from 'relay-test-utils';
import { tokenStore, type CurrentUser } from '../../session/tokenStore.ts';

const environment = vi.hoisted(() => ({ current: null as ReturnType<typeof createMockEnvironment> | null }));
vi.mock('../../relay/environment.ts', () => ({ relayEnvironment: () => environment.current }));

const { loader } = await import('./LandingRoute.tsx');

const user = (role: CurrentUser['role']): CurrentUser => ({
  id: 'u1',
  email: 'someone@example.com',
  full_name: 'Someone',
  role,
  plan: 'Pro',
  is_verified: true,
});

function signIn(role: CurrentUser['role']) {
  tokenStore.saveTokens({ accessToken: 'access', refreshToken: 'refresh', userId: 'u1' });
  tokenStore.saveCurrentUser(user(role));
}

const load = (path: string) => loader({ request: new Request(`http://app.test${path}`) });

/** The redirect the loader threw, as its target; fails when it returned instead. */
function redirectOf(path: string): string | null {
  try {
    load(path);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('Location');
    throw thrown;
  }
  throw new Error(`${path} did not redirect`);
}

const requestedOperations = () => environment.current!.mock.getAllOperations().map((operation) => operation.request.node.params.name);

beforeEach(() => {
  environment.current = createMockEnvironment();
  localStorage.clear();
});

afterEach(() => localStorage.clear());

describe('the / loader', () => {
  it.each([
    ['a customer', 'customer', '/', '/dashboard'],
    ['a customer who picked a plan', 'customer', '/?plan=pro', '/billing'],
    ['an admin, plan or not', 'ADMIN', '/?plan=pro', '/admin/overview'],
  ] as const)('sends %s signed in to their page without asking for the plans', (_who, role, path, destination) => {
    signIn(role);
    expect(redirectOf(path)).toBe(destination);
    expect(requestedOperations()).toEqual([]);
  });

  it('asks for the plans on sale for a visitor', () => {
    load('/?auth=signup&plan=pro');
    expect(requestedOperations()).toEqual(['PricingSectionQuery']);
  });

  it('asks for them at the end of a Google sign-in, which replaces whoever was signed in', () => {
    signIn('customer');
    load('/?auth=google');
    expect(requestedOperations()).toEqual(['PricingSectionQuery']);
  });
});
