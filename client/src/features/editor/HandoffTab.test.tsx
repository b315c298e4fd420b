import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../../test/axe.ts';
import { BOT_ID, renderSavedBot } from './editorTestKit.tsx';

const OFF = { enabled: false, waitMinutes: 5, timeZone: 'UTC', openNow: true, openingHours: [] };

async function openHandoff(handoff: Record<string, unknown> = OFF) {
  const view = await renderSavedBot({ handoff });
  const user = userEvent.setup();
  await user.click(screen.getByRole('tab', { name: 'Talk to a person' }));
  await screen.findByRole('heading', { name: 'Talk to a person' });
  return { ...view, user };
}

const enabledSwitch = () => screen.getByRole('checkbox', { name: 'Let visitors talk to a person' }) as HTMLInputElement;
const saveHandoff = () => screen.getByRole('button', { name: 'Save' });
const lastOperation = (environment: Awaited<ReturnType<typeof openHandoff>>['environment']) => environment.mock.getMostRecentOperation();

describe('the Talk to a person tab', () => {
  it('says what it does, and is accessible', async () => {
    await openHandoff();
    expect(screen.getByText(/Visitors see “Talk to a person”, and the bot offers a person when it cannot help/)).toBeTruthy();
    expect(enabledSwitch().checked).toBe(false);
    expect(await seriousViolations(document.body)).toEqual([]);
  });

  it("turns it on with opening hours in a time zone, and shows the server's refusal of the hours", async () => {
    const { environment, user } = await openHandoff();
    await user.click(enabledSwitch());
    const wait = screen.getByRole('spinbutton', { name: 'Wait time (minutes)' });
    await user.clear(wait);
    await user.type(wait, '10');
    await user.selectOptions(screen.getByRole('combobox', { name: 'When a person can answer' }), 'hours');
    const zone = screen.getByRole('combobox', { name: 'Time zone' });
    await user.clear(zone);
    await user.type(zone, 'Europe/Paris');
    await user.click(screen.getByRole('checkbox', { name: 'Monday' }));
    await user.click(screen.getByRole('button', { name: 'Add a second opening on Monday' }));
    await user.click(screen.getByRole('checkbox', { name: 'Saturday' }));
    const saturdayCloses = screen.getByLabelText('Saturday: closes at');
    await user.clear(saturdayCloses);
    await user.type(saturdayCloses, '00:00');
    expect(await seriousViolations(document.body)).toEqual([]);
    await user.click(saveHandoff());
    const operation = lastOperation(environment);
    expect(operation.request.node.params.name).toBe('HandoffTabMutation');
    expect(operation.request.variables).toEqual({
      botId: BOT_ID,
      input: {
        enabled: true,
        waitMinutes: 10,
        timeZone: 'Europe/Paris',
        openingHours: [
          { day: 1, opens: '09:00', closes: '12:00' },
          { day: 1, opens: '14:00', closes: '17:00' },
          { day: 6, opens: '09:00', closes: '24:00' },
        ],
      },
    });
    // Say the server found something this form did not: its answer shows under the hours.
    await act(async () => {
      environment.mock.resolve(operation, {
        data: {
          setBotHandoff: {
            __typename: 'ValidationError',
            __isError: 'ValidationError',
            message: 'At most 21 openings a week',
            code: 'VALIDATION',
            issues: [{ path: 'openingHours', message: 'At most 21 openings a week' }],
          },
        },
      });
    });
    expect(await screen.findByText('At most 21 openings a week')).toBeTruthy();
  });

  it('finds what it can before saving: a wait out of bounds, overlapping openings, no day open', async () => {
    const { environment, user } = await openHandoff();
    const wait = screen.getByRole('spinbutton', { name: 'Wait time (minutes)' });
    await user.clear(wait);
    await user.type(wait, '90');
    await user.selectOptions(screen.getByRole('combobox', { name: 'When a person can answer' }), 'hours');
    await user.click(saveHandoff());
    expect(await screen.findByText('Enter a whole number of minutes from 1 to 60.')).toBeTruthy();
    expect(screen.getByText('Open at least one day, or choose “At any hour”.')).toBeTruthy();

    await user.click(screen.getByRole('checkbox', { name: 'Tuesday' }));
    await user.click(screen.getByRole('button', { name: 'Add a second opening on Tuesday' }));
    const secondOpens = screen.getByLabelText('Tuesday, second opening: opens at');
    await user.clear(secondOpens);
    await user.type(secondOpens, '11:00');
    await user.click(saveHandoff());
    expect(await screen.findByText('These openings overlap.')).toBeTruthy();
    expect(screen.getByText('Check the days marked above.')).toBeTruthy();
    expect(screen.getByLabelText('Tuesday: opens at').getAttribute('aria-invalid')).toBe('true');
    expect(environment.mock.getAllOperations()).toHaveLength(0);
  });

  it("shows the server's refusal under the field it is about", async () => {
    const { environment, user } = await openHandoff({ ...OFF, enabled: true });
    await user.click(saveHandoff());
    await act(async () => {
      environment.mock.resolve(lastOperation(environment), {
        data: {
          setBotHandoff: {
            __typename: 'ValidationError',
            __isError: 'ValidationError',
            message: 'The wait is 1 to 60 minutes',
            code: 'VALIDATION',
            issues: [{ path: 'waitMinutes', message: 'The wait is 1 to 60 minutes' }],
          },
        },
      });
    });
    const wait = screen.getByRole('spinbutton', { name: 'Wait time (minutes)' });
    await waitFor(() => expect(wait.getAttribute('aria-invalid')).toBe('true'));
    expect(within(wait.closest('[role=group]') ?? document.body).getByText('The wait is 1 to 60 minutes')).toBeTruthy();
  });

  it('turns it off, keeping the hours, and says the saved state', async () => {
    const open = {
      ...OFF,
      enabled: true,
      openNow: false,
      timeZone: 'Europe/Paris',
      openingHours: [{ day: 3, opens: '08:30', closes: '24:00' }],
    };
    const { environment, user } = await openHandoff(open);
    expect(screen.getByText('Closed now')).toBeTruthy();
    expect((screen.getByLabelText('Wednesday: closes at') as HTMLInputElement).value).toBe('00:00');
    await user.click(enabledSwitch());
    await user.click(saveHandoff());
    const operation = lastOperation(environment);
    expect(operation.request.variables.input).toEqual({
      enabled: false,
      waitMinutes: 5,
      timeZone: 'Europe/Paris',
      openingHours: [{ day: 3, opens: '08:30', closes: '24:00' }],
    });
    await act(async () => {
      environment.mock.resolve(operation, {
        data: { setBotHandoff: { __typename: 'Bot', id: BOT_ID, handoff: { ...open, enabled: false } } },
      });
    });
    expect(await screen.findByText('Talk to a person saved')).toBeTruthy();
    expect(screen.queryByText('Closed now')).toBeNull();
    expect(enabledSwitch().checked).toBe(false);
  });
});
