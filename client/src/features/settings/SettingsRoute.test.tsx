import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { loadQuery } from 'react-relay';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { seriousViolations } from '../../test/axe.ts';
import { toaster } from '../../ui/toaster.tsx';
import { renderRoute } from '../../test/render.tsx';
import type { SettingsRouteQuery } from './__generated__/SettingsRouteQuery.graphql.ts';
import { SettingsScreen, settingsQuery } from './SettingsRoute.tsx';

const VIEWER_ID = 'viewer-1';

const CONNECTED = {
  sheetsConnected: true,
  calendarConnected: false,
  driveConnected: false,
  account: { name: 'Olive Owner', email: 'olive@example.org', picture: 'https://example.org/olive.png' },
};
const DISCONNECTED = { sheetsConnected: false, calendarConnected: false, driveConnected: false, account: null };

function renderSettings({
  emailNotifications = true,
  waitingVisitorEmails = true,
  resolve = true,
  googleIntegration = DISCONNECTED as object,
} = {}) {
  const environment = createMockEnvironment();
  const queryRef = loadQuery<SettingsRouteQuery>(environment, settingsQuery, {});
  if (resolve) {
    environment.mock.resolveMostRecentOperation((operation) =>
      MockPayloadGenerator.generate(operation, {
        User: () => ({ id: VIEWER_ID, emailNotifications, waitingVisitorEmails, googleIntegration }),
      }),
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

async function openGeneralTab() {
  await userEvent.setup().click(await screen.findByRole('tab', { name: 'General' }));
}

describe('SettingsScreen', () => {
  it('shows a loading state until the settings query answers', () => {
    renderSettings({ resolve: false });
    expect(screen.getByText('Loading settings')).toBeTruthy();
  });

  it('opens on the Integrations tab; the General tab has email notifications on', async () => {
    renderSettings();
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Integrations' }).getAttribute('aria-selected')).toBe('true');
    await openGeneralTab();
    expect(emailSwitch().checked).toBe(true);
  });

  it('saves the toggle on the server, showing the change at once', async () => {
    const environment = renderSettings();
    await openGeneralTab();
    await userEvent.setup().click(await screen.findByRole('checkbox', { name: 'Email notifications' }));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe('GeneralSettingsMutation');
    expect(operation.request.variables).toEqual({ emailNotifications: false, waitingVisitorEmails: null });
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
    await openGeneralTab();
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
    await openGeneralTab();
    await userEvent.setup().click(await screen.findByRole('checkbox', { name: 'Email notifications' }));
    expect(environment.mock.getMostRecentOperation().request.variables).toEqual({ emailNotifications: true, waitingVisitorEmails: null });
    await act(async () => {
      environment.mock.resolveMostRecentOperation({
        data: { updateAccountSettings: { __typename: 'User', id: VIEWER_ID, emailNotifications: true } },
      });
    });
    expect(await screen.findByText('Email notifications turned on')).toBeTruthy();
  });
});

describe('Settings › Notifications of waiting visitors', () => {
  const waitingEmailsSwitch = () => screen.getByRole('checkbox', { name: 'Email me when a visitor asks for a person' }) as HTMLInputElement;
  const browserSwitch = () => screen.getByRole('checkbox', { name: 'Browser notifications for waiting visitors' }) as HTMLInputElement;

  /** The browser's Notification, answering the permission request with `answer`. */
  function stubNotifications(permission: NotificationPermission, answer: NotificationPermission = permission) {
    const requestPermission = vi.fn(async () => answer);
    vi.stubGlobal('Notification', Object.assign(vi.fn(), { permission, requestPermission }));
    return requestPermission;
  }

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('turns the emails off, keeping the other emails as they are', async () => {
    const environment = renderSettings({ emailNotifications: false, waitingVisitorEmails: true });
    stubNotifications('default');
    await openGeneralTab();
    expect(waitingEmailsSwitch().checked).toBe(true);
    await userEvent.setup().click(waitingEmailsSwitch());
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.variables).toEqual({ emailNotifications: false, waitingVisitorEmails: false });
    await waitFor(() => expect(waitingEmailsSwitch().checked).toBe(false));
    await act(async () => {
      environment.mock.resolve(operation, {
        data: { updateAccountSettings: { __typename: 'User', id: VIEWER_ID, emailNotifications: false, waitingVisitorEmails: false } },
      });
    });
    expect(await screen.findByText('Emails about waiting visitors turned off')).toBeTruthy();
  });

  it('asks the browser when turned on, and keeps the choice in this browser', async () => {
    const requestPermission = stubNotifications('default', 'granted');
    renderSettings();
    await openGeneralTab();
    expect(browserSwitch().checked).toBe(false);
    await userEvent.setup().click(browserSwitch());
    await waitFor(() => expect(browserSwitch().checked).toBe(true));
    expect(requestPermission).toHaveBeenCalledOnce();
    expect(localStorage.getItem('waitingVisitorNotifications')).toBe('on');
    expect(await seriousViolations(document.body)).toEqual([]);

    await userEvent.setup().click(browserSwitch());
    await waitFor(() => expect(browserSwitch().checked).toBe(false));
    expect(localStorage.getItem('waitingVisitorNotifications')).toBeNull();
  });

  it('stays off and says where to allow them when the browser refuses', async () => {
    stubNotifications('default', 'denied');
    renderSettings();
    await openGeneralTab();
    await userEvent.setup().click(browserSwitch());
    expect(await screen.findByText(/Your browser blocks notifications from this site/)).toBeTruthy();
    expect(browserSwitch().checked).toBe(false);
    expect(browserSwitch().disabled).toBe(true);
    expect(localStorage.getItem('waitingVisitorNotifications')).toBeNull();
  });

  it('says so at once when the browser blocked them before', async () => {
    stubNotifications('denied');
    localStorage.setItem('waitingVisitorNotifications', 'on');
    renderSettings();
    await openGeneralTab();
    expect(screen.getByText(/Your browser blocks notifications from this site/)).toBeTruthy();
    expect(browserSwitch().checked).toBe(false);
  });
});

describe('Settings › Integrations', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
    toaster.remove();
  });

  it('shows the connected account with its picture, name and email, and each service status', async () => {
    renderSettings({ googleIntegration: CONNECTED });
    expect(await screen.findByText('Olive Owner')).toBeTruthy();
    expect(screen.getByText('olive@example.org')).toBeTruthy();
    // Ark shows the picture once it has loaded (never, in jsdom): it is there, with its alt text.
    expect(document.querySelector('img[alt="Picture of Olive Owner"]')?.getAttribute('src')).toBe('https://example.org/olive.png');
    expect((screen.getByRole('checkbox', { name: 'Connect Google Sheets' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Connect Google Calendar' }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getAllByText('Disconnected')).toHaveLength(2);
    expect(await seriousViolations(document.body)).toEqual([]);
  });

  it('says so when the browser blocks the sign-in popup', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const environment = renderSettings();
    await userEvent.setup().click(await screen.findByRole('checkbox', { name: 'Connect Google Sheets' }));
    expect(await screen.findByText('Popup blocked. Please allow popups for this site.')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Connect Google Sheets' }) as HTMLInputElement).checked).toBe(false);
    expect(window.open).toHaveBeenCalledWith('', 'google-auth', 'width=500,height=600');
    expect(environment.mock.getAllOperations()).toHaveLength(0);
  });

  it('sends the popup to the signed link, and reloads the status when Google reports success', async () => {
    const popup = { closed: false, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const environment = renderSettings();
    await userEvent.setup().click(await screen.findByRole('checkbox', { name: 'Connect Google Sheets' }));
    const authorize = environment.mock.getMostRecentOperation();
    expect(authorize.request.node.params.name).toBe('IntegrationsSettingsConnectMutation');
    expect(authorize.request.variables).toEqual({ service: 'sheets' });
    await act(async () => {
      environment.mock.resolve(authorize, {
        data: {
          authorizeGoogle: { __typename: 'GoogleAuthorization', url: 'http://localhost:3000/api/v1/auth/google/sheets?state=sealed' },
        },
      });
    });
    expect(popup.location.href).toBe('http://localhost:3000/api/v1/auth/google/sheets?state=sealed');
    expect(await screen.findByText('Finish signing in in the Google window…')).toBeTruthy();
    await act(async () => {
      window.dispatchEvent(
        new MessageEvent('message', { origin: window.location.origin, data: { type: 'google-auth-success', source: 'sheets' } }),
      );
    });
    const reload = environment.mock.getMostRecentOperation();
    expect(reload.request.node.params.name).toBe('IntegrationsSettingsRefetchQuery');
    await act(async () => {
      environment.mock.resolve(reload, {
        data: { node: { __typename: 'User', id: VIEWER_ID, googleIntegration: CONNECTED } },
      });
    });
    expect(await screen.findByText('Olive Owner')).toBeTruthy();
  });

  it('disconnects on the server and shows the returned status', async () => {
    const environment = renderSettings({ googleIntegration: CONNECTED });
    await userEvent.setup().click(await screen.findByRole('checkbox', { name: 'Connect Google Sheets' }));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe('IntegrationsSettingsDisconnectMutation');
    await act(async () => {
      environment.mock.resolve(operation, {
        data: { disconnectGoogle: { __typename: 'User', id: VIEWER_ID, googleIntegration: DISCONNECTED } },
      });
    });
    await waitFor(() => expect((screen.getByRole('checkbox', { name: 'Connect Google Sheets' }) as HTMLInputElement).checked).toBe(false));
    expect(screen.queryByText('Olive Owner')).toBeNull();
  });

  it('closes the popup and shows the server text when Google sign-in is unavailable', async () => {
    const popup = { closed: false, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const environment = renderSettings();
    await userEvent.setup().click(await screen.findByRole('checkbox', { name: 'Connect Google Sheets' }));
    await act(async () => {
      environment.mock.resolveMostRecentOperation({
        data: {
          authorizeGoogle: {
            __typename: 'ServiceUnavailableError',
            __isError: 'ServiceUnavailableError',
            message: 'Google sign-in is not configured.',
          },
        },
      });
    });
    expect(popup.close).toHaveBeenCalled();
    expect(await screen.findByText('Could not connect Google')).toBeTruthy();
    expect(screen.getByText('Google sign-in is not configured.')).toBeTruthy();
    expect(popup.location.href).toBe('');
  });

  it('reads the status again when the popup is closed, without a success message', async () => {
    const popup = { closed: false, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const environment = renderSettings();
    await userEvent.setup().click(await screen.findByRole('checkbox', { name: 'Connect Google Sheets' }));
    vi.useFakeTimers();
    await act(async () => {
      environment.mock.resolveMostRecentOperation({
        data: { authorizeGoogle: { __typename: 'GoogleAuthorization', url: 'http://localhost/api/v1/auth/google/sheets?state=s' } },
      });
    });
    expect((screen.getByRole('checkbox', { name: 'Connect Google Sheets' }) as HTMLInputElement).checked).toBe(true);
    popup.closed = true;
    await act(async () => {
      vi.advanceTimersByTime(500);
    });
    vi.useRealTimers();
    const reload = environment.mock.getMostRecentOperation();
    expect(reload.request.node.params.name).toBe('IntegrationsSettingsRefetchQuery');
    expect(reload.request.variables).toEqual({ id: VIEWER_ID });
    await act(async () => {
      environment.mock.resolve(reload, { data: { node: { __typename: 'User', id: VIEWER_ID, googleIntegration: DISCONNECTED } } });
    });
    expect((screen.getByRole('checkbox', { name: 'Connect Google Sheets' }) as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByText('Finish signing in in the Google window…')).toBeNull();
  });

  it('says so when disconnecting fails', async () => {
    const environment = renderSettings({ googleIntegration: CONNECTED });
    await userEvent.setup().click(await screen.findByRole('checkbox', { name: 'Connect Google Sheets' }));
    await act(async () => {
      environment.mock.rejectMostRecentOperation(new Error('network down'));
    });
    expect(await screen.findByText('Failed to disconnect Google Sheets')).toBeTruthy();
    expect(screen.getByText('Olive Owner')).toBeTruthy();
  });
});
