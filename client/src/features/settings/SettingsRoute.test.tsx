import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { loadQuery } from 'react-relay';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../test/render.tsx';
import type { SettingsRouteQuery } from './__generated__/SettingsRouteQuery.graphql.ts';
import { SettingsScreen, settingsQuery } from './SettingsRoute.tsx';

const VIEWER_ID = 'viewer-1';

function renderSettings({ emailNotifications = true, resolve = true } = {}) {
  const environment = createMockEnvironment();
  const queryRef = loadQuery<SettingsRouteQuery>(environment, settingsQuery, {});
  if (resolve) {
    environment.mock.resolveMostRecentOperation((operation) =>
      MockPayloadGenerator.generate(operation, { User: () => ({ id: VIEWER_ID, emailNotifications }) }),
    );
  }
  renderRoute(
    <Suspense fallback={<p>Loading settings</p>}>
      <SettingsScreen queryRef={queryRef} />
    </Suspense>,
    { environment },
  );
  return environment;
}

const emailSwitch = () => screen.getByRole('checkbox', { name: 'Email notifications' }) as HTMLInputElement;

describe('SettingsScreen', () => {
  it('shows a loading state until the settings query answers', () => {
    renderSettings({ resolve: false });
    expect(screen.getByText('Loading settings')).toBeTruthy();
  });

  it('opens on the General tab with email notifications on, and no Integrations tab yet', async () => {
    renderSettings();
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'General' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByRole('tab', { name: /Integrations/ })).toBeNull();
    expect(emailSwitch().checked).toBe(true);
  });

  it('saves the toggle on the server, showing the change at once', async () => {
    const environment = renderSettings();
    await userEvent.setup().click(await screen.findByRole('checkbox', { name: 'Email notifications' }));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe('GeneralSettingsMutation');
    expect(operation.request.variables).toEqual({ emailNotifications: false });
    await waitFor(() => expect(emailSwitch().checked).toBe(false));
    await act(async () => {
      environment.mock.resolve(operation, {
        data: { updateAccountSettings: { __typename: 'User', id: VIEWER_ID, emailNotifications: false } },
      });
    });
    expect(await screen.findByText('Email notifications turned off')).toBeTruthy();
    expect(emailSwitch().checked).toBe(false);
  });

  it('puts the toggle back and says so when the save fails', async () => {
    const environment = renderSettings();
    await userEvent.setup().click(await screen.findByRole('checkbox', { name: 'Email notifications' }));
    await waitFor(() => expect(emailSwitch().checked).toBe(false));
    await act(async () => {
      environment.mock.rejectMostRecentOperation(new Error('Network error'));
    });
    expect(await screen.findByText('Could not save your settings')).toBeTruthy();
    await waitFor(() => expect(emailSwitch().checked).toBe(true));
  });

  it('turns notifications back on for a user who had them off', async () => {
    const environment = renderSettings({ emailNotifications: false });
    await userEvent.setup().click(await screen.findByRole('checkbox', { name: 'Email notifications' }));
    expect(environment.mock.getMostRecentOperation().request.variables).toEqual({ emailNotifications: true });
    await act(async () => {
      environment.mock.resolveMostRecentOperation({
        data: { updateAccountSettings: { __typename: 'User', id: VIEWER_ID, emailNotifications: true } },
      });
    });
    expect(await screen.findByText('Email notifications turned on')).toBeTruthy();
  });
});
