import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { loadQuery } from 'react-relay';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { seriousViolations } from '../../test/axe.ts';
import { renderRoute } from '../../test/render.tsx';
import { toaster } from '../../ui/toaster.tsx';
import type { SettingsRouteQuery } from './__generated__/SettingsRouteQuery.graphql.ts';
import { SettingsScreen, settingsQuery } from './SettingsRoute.tsx';

const VIEWER_ID = 'viewer-1';

async function renderProfile({ hasPassword = true, pendingEmail = null as string | null } = {}) {
  const environment = createMockEnvironment();
  const queryRef = loadQuery<SettingsRouteQuery>(environment, settingsQuery, {});
  environment.mock.resolveMostRecentOperation((operation) =>
    MockPayloadGenerator.generate(operation, {
      User: () => ({ id: VIEWER_ID, fullName: 'Ann Owner', email: 'ann@example.org', hasPassword, pendingEmail, emailNotifications: true }),
    }),
  );
  renderRoute(
    <Suspense fallback={<p>Loading settings</p>}>
      <SettingsScreen queryRef={queryRef} />
    </Suspense>,
    { environment },
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('tab', { name: 'Profile' }));
  return { environment, user };
}

type Environment = ReturnType<typeof createMockEnvironment>;

/** Answers the pending mutation named `name` with `data`, and returns its variables. */
async function answer(environment: Environment, name: string, data: object) {
  const operation = environment.mock.getMostRecentOperation();
  expect(operation.request.node.params.name).toBe(name);
  await act(async () => {
    environment.mock.resolve(operation, { data });
  });
  return operation.request.variables;
}

const section = (name: string) => screen.getByRole('region', { name });

afterEach(() => {
  toaster.remove();
});

describe('the Profile tab', () => {
  it('shows the name and the sign-in address, with no serious accessibility violation', async () => {
    await renderProfile();
    expect((screen.getByLabelText(/^Your name/) as HTMLInputElement).value).toBe('Ann Owner');
    expect(section('Email address').textContent).toContain('You sign in with ann@example.org.');
    expect(await seriousViolations(document.body)).toEqual([]);
  });

  it('saves a new name', async () => {
    const { environment, user } = await renderProfile();
    const name = screen.getByLabelText(/^Your name/);
    await user.clear(name);
    await user.type(name, 'Ann Smith');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    const variables = await answer(environment, 'ProfileNameFormMutation', {
      updateProfile: { __typename: 'User', id: VIEWER_ID, fullName: 'Ann Smith' },
    });
    expect(variables).toEqual({ fullName: 'Ann Smith' });
    expect(await screen.findByText('Name saved')).toBeTruthy();
  });

  it('asks for the current password before changing the email, and says the link went to the new address', async () => {
    const { environment, user } = await renderProfile();
    const email = section('Email address');
    expect(screen.queryByText('Check your new mailbox')).toBeNull();
    await user.type(screen.getByLabelText(/^New email address/), 'ann@new.example');
    await user.click(screen.getByRole('button', { name: 'Send a confirmation link' }));
    expect(await screen.findByText('Enter your current password.')).toBeTruthy();
    expect(environment.mock.getAllOperations()).toEqual([]);

    await user.type(email.querySelector('input[autocomplete="current-password"]')!, 'my password');
    await user.click(screen.getByRole('button', { name: 'Send a confirmation link' }));
    const variables = await answer(environment, 'ProfileEmailFormMutation', {
      requestEmailChange: { __typename: 'MessagePayload' },
    });
    expect(variables).toEqual({ newEmail: 'ann@new.example', currentPassword: 'my password' });
    expect(
      await screen.findByText(
        'We sent a confirmation link to ann@new.example. You keep signing in with ann@example.org until you open it.',
      ),
    ).toBeTruthy();
  });

  it('shows a change still waiting for its link when the tab opens', async () => {
    await renderProfile({ pendingEmail: 'ann@later.example' });
    expect(screen.getByText('Check your new mailbox')).toBeTruthy();
    expect(
      screen.getByText('We sent a confirmation link to ann@later.example. You keep signing in with ann@example.org until you open it.'),
    ).toBeTruthy();
  });

  it('cancels a change still waiting: the notice goes from the answer, and the address stays', async () => {
    const { environment, user } = await renderProfile({ pendingEmail: 'ann@later.example' });
    await user.click(screen.getByRole('button', { name: 'Cancel this change' }));
    const variables = await answer(environment, 'ProfileEmailFormCancelMutation', {
      cancelEmailChange: { __typename: 'User', id: VIEWER_ID, pendingEmail: null },
    });
    expect(variables).toEqual({});
    expect(await screen.findByText('Email change cancelled')).toBeTruthy();
    expect(screen.getByText('You keep signing in with ann@example.org. The link we sent no longer works.')).toBeTruthy();
    expect(screen.queryByText('Check your new mailbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel this change' })).toBeNull();
    expect(section('Email address').textContent).toContain('You sign in with ann@example.org.');
  });

  it('says why a cancel was refused, and takes the notice away when no change waits any more', async () => {
    const { environment, user } = await renderProfile({ pendingEmail: 'ann@later.example' });
    await user.click(screen.getByRole('button', { name: 'Cancel this change' }));
    await answer(environment, 'ProfileEmailFormCancelMutation', {
      cancelEmailChange: {
        __typename: 'NotFoundError',
        __isError: 'NotFoundError',
        message: 'Pending email change not found',
        code: 'PENDING_EMAIL_CHANGE_NOT_FOUND',
      },
    });
    expect(await screen.findByText('Could not cancel the email change')).toBeTruthy();
    expect(screen.getByText('Pending email change not found')).toBeTruthy();
    expect(screen.queryByText('Check your new mailbox')).toBeNull();
  });

  it('puts a taken address and a wrong current password under their fields', async () => {
    const { environment, user } = await renderProfile();
    const email = section('Email address');
    await user.type(screen.getByLabelText(/^New email address/), 'bob@example.org');
    await user.type(email.querySelector('input[autocomplete="current-password"]')!, 'my password');
    await user.click(screen.getByRole('button', { name: 'Send a confirmation link' }));
    await answer(environment, 'ProfileEmailFormMutation', {
      requestEmailChange: {
        __typename: 'ConflictError',
        __isError: 'ConflictError',
        message: 'An account with this email already exists',
        code: 'EMAIL_TAKEN',
      },
    });
    expect(await screen.findByText('An account with this email already exists.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Send a confirmation link' }));
    await answer(environment, 'ProfileEmailFormMutation', {
      requestEmailChange: {
        __typename: 'ValidationError',
        __isError: 'ValidationError',
        message: 'Your current password is incorrect.',
        code: 'WRONG_CURRENT_PASSWORD',
        issues: [{ path: 'currentPassword', message: 'Your current password is incorrect.' }],
      },
    });
    expect(await screen.findByText('Your current password is incorrect.')).toBeTruthy();
    expect(screen.queryByText('An account with this email already exists.')).toBeNull();
    // Refused requests leave no change waiting.
    expect(screen.queryByText('Check your new mailbox')).toBeNull();
  });

  it('changes the password with the current one and says the other sessions were signed out', async () => {
    const { environment, user } = await renderProfile();
    const password = section('Password');
    const [current, next, confirmation] = [...password.querySelectorAll('input')];
    await user.type(next!, 'short');
    await user.type(confirmation!, 'short');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password must be at least 8 characters long.')).toBeTruthy();
    expect(environment.mock.getAllOperations()).toEqual([]);

    await user.type(current!, 'old password');
    await user.clear(next!);
    await user.type(next!, 'a new password');
    await user.clear(confirmation!);
    await user.type(confirmation!, 'a new password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const variables = await answer(environment, 'ProfilePasswordFormMutation', {
      changePassword: { __typename: 'User', id: VIEWER_ID, hasPassword: true },
    });
    expect(variables).toEqual({ currentPassword: 'old password', newPassword: 'a new password' });
    expect(await screen.findByText('Password changed')).toBeTruthy();
    expect(screen.getByText('Your other sessions were signed out.')).toBeTruthy();
    await waitFor(() => expect((current as HTMLInputElement).value).toBe(''));
  });

  it('lets an account created through Google set a first password without a current one', async () => {
    const { environment, user } = await renderProfile({ hasPassword: false });
    expect(screen.getByText(/You signed up with Google, so your account has no password yet/)).toBeTruthy();
    const inputs = [...section('Password').querySelectorAll('input')];
    expect(inputs).toHaveLength(2);
    await user.type(inputs[0]!, 'my first password');
    await user.type(inputs[1]!, 'my first password');
    await user.click(screen.getByRole('button', { name: 'Set a password' }));
    const variables = await answer(environment, 'ProfilePasswordFormMutation', {
      changePassword: { __typename: 'User', id: VIEWER_ID, hasPassword: true },
    });
    expect(variables).toEqual({ currentPassword: null, newPassword: 'my first password' });
    expect(await screen.findByText('Password set')).toBeTruthy();
    // The account has a password now: changing it again needs it.
    expect(await screen.findByRole('button', { name: 'Change password' })).toBeTruthy();
  });
});
