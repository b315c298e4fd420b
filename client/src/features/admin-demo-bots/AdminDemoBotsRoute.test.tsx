import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { loadQuery } from 'react-relay';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../../test/axe.ts';
import { renderRoute } from '../../test/render.tsx';
import type { AdminDemoBotsRouteQuery } from './__generated__/AdminDemoBotsRouteQuery.graphql.ts';
import { AdminDemoBotsScreen, adminDemoBotsQuery } from './AdminDemoBotsRoute.tsx';

const ADMIN_ID = 'admin-1';

const template = (id: string, title: string, overrides: Record<string, unknown> = {}) => ({
  id,
  useCase: 'customer-support',
  title,
  description: `${title} description`,
  languageCode: 'en',
  promptText: `You are ${title}.`,
  ...overrides,
});

const TWO = [template('t1', 'Support desk'), template('t2', 'Sales helper', { useCase: 'lead-generation', languageCode: 'fr' })];
const THREE = [...TWO, template('t3', 'Booking agent', { useCase: 'booking' })];

function renderDemoBots(templates: unknown[] = TWO) {
  const environment = createMockEnvironment();
  const queryRef = loadQuery<AdminDemoBotsRouteQuery>(environment, adminDemoBotsQuery, {});
  environment.mock.resolveMostRecentOperation((operation) =>
    MockPayloadGenerator.generate(operation, {
      QueryAdminResult: () => ({ __typename: 'Admin', id: ADMIN_ID }),
      Admin: () => ({ id: ADMIN_ID, templatePrompts: templates }),
    }),
  );
  renderRoute(
    <Suspense fallback="loading">
      <AdminDemoBotsScreen queryRef={queryRef} />
    </Suspense>,
    { environment },
  );
  return environment;
}

const form = () => screen.getByRole('region', { name: /^(Add a template prompt|Update )/ });
const field = (label: RegExp | string) => within(form()).getByLabelText(label) as HTMLInputElement;

describe('/admin/demo-bots', () => {
  it('lists the templates with their use case and language', async () => {
    renderDemoBots();
    const sales = await screen.findByRole('article', { name: 'Sales helper' });
    expect(within(sales).getByText('Lead generation')).toBeTruthy();
    expect(within(sales).getByText('French')).toBeTruthy();
    expect(within(sales).getByText('You are Sales helper.')).toBeTruthy();
    expect(screen.getByText('2 of 3')).toBeTruthy();
  });

  it('with 3 templates, adding says "Maximum of 3 prompts allowed." and sends nothing; the form says the limit is reached', async () => {
    const environment = renderDemoBots(THREE);
    expect(await screen.findByText(/The limit of 3 template prompts is reached/)).toBeTruthy();
    fireEvent.change(field(/^Title/), { target: { value: 'Fourth' } });
    fireEvent.change(field(/^Prompt text/), { target: { value: 'Be a fourth bot.' } });
    fireEvent.click(within(form()).getByRole('button', { name: 'Add template' }));
    expect(await screen.findByText('Maximum of 3 prompts allowed.')).toBeTruthy();
    expect(environment.mock.getAllOperations()).toHaveLength(0);

    // Editing one of the three is still allowed.
    fireEvent.click(screen.getByRole('button', { name: 'Edit Booking agent' }));
    expect(screen.queryByText(/The limit of 3 template prompts is reached/)).toBeNull();
  });

  it('has no serious accessibility violation', async () => {
    renderDemoBots(THREE);
    await screen.findByRole('article', { name: 'Booking agent' });
    expect(await seriousViolations()).toEqual([]);
  });

  it('requires a title and a prompt text', async () => {
    const environment = renderDemoBots();
    fireEvent.click(await within(form()).findByRole('button', { name: 'Add template' }));
    expect(within(form()).getAllByText('Required.')).toHaveLength(2);
    expect(environment.mock.getAllOperations()).toHaveLength(0);
  });

  it('adds a third template: it joins the list, the form clears, and the limit is then reached', async () => {
    const environment = renderDemoBots();
    await screen.findByRole('article', { name: 'Support desk' });
    fireEvent.change(field('Use case'), { target: { value: 'booking' } });
    fireEvent.change(field('Language'), { target: { value: 'de' } });
    fireEvent.change(field(/^Title/), { target: { value: 'Booking agent' } });
    fireEvent.change(field(/^Prompt text/), { target: { value: 'You book tables.' } });
    fireEvent.click(within(form()).getByRole('button', { name: 'Add template' }));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.variables.input).toEqual({
      useCase: 'booking',
      title: 'Booking agent',
      description: '',
      languageCode: 'de',
      promptText: 'You book tables.',
    });
    await act(async () => {
      environment.mock.resolve(operation, {
        data: {
          createTemplatePrompt: {
            __typename: 'TemplatePrompt',
            ...template('t3', 'Booking agent', { useCase: 'booking', languageCode: 'de', description: '', promptText: 'You book tables.' }),
          },
        },
      });
    });
    expect(await screen.findByText('Template added')).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Booking agent' })).toBeTruthy();
    expect(field(/^Title/).value).toBe('');
    expect(screen.getByText('3 of 3')).toBeTruthy();
    expect(screen.getByText(/The limit of 3 template prompts is reached/)).toBeTruthy();
  });

  it('updates the picked template and returns to add mode', async () => {
    const environment = renderDemoBots();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Support desk' }));
    expect(within(form()).getByRole('heading', { name: 'Update Support desk' })).toBeTruthy();
    expect(field(/^Prompt text/).value).toBe('You are Support desk.');
    fireEvent.change(field(/^Title/), { target: { value: 'Help desk' } });
    fireEvent.click(within(form()).getByRole('button', { name: 'Update template' }));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.variables.id).toBe('t1');
    await act(async () => {
      environment.mock.resolve(operation, {
        data: {
          updateTemplatePrompt: {
            __typename: 'TemplatePrompt',
            ...template('t1', 'Help desk', { description: 'Support desk description', promptText: 'You are Support desk.' }),
          },
        },
      });
    });
    expect(await screen.findByText('Template updated')).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Help desk' })).toBeTruthy();
    expect(within(form()).getByRole('heading', { name: 'Add a template prompt' })).toBeTruthy();
  });

  it("shows the server's refusal (the limit reached elsewhere) as a failed save", async () => {
    const environment = renderDemoBots();
    await screen.findByRole('article', { name: 'Support desk' });
    fireEvent.change(field(/^Title/), { target: { value: 'Third' } });
    fireEvent.change(field(/^Prompt text/), { target: { value: 'Be third.' } });
    fireEvent.click(within(form()).getByRole('button', { name: 'Add template' }));
    await act(async () => {
      environment.mock.resolveMostRecentOperation({
        data: {
          createTemplatePrompt: { __typename: 'ConflictError', __isError: 'ConflictError', message: 'Only 3 demo templates can exist.' },
        },
      });
    });
    expect(await screen.findByText('Save failed')).toBeTruthy();
    expect(screen.getByText('Only 3 demo templates can exist.')).toBeTruthy();
    expect(field(/^Title/).value).toBe('Third');
  });

  it('deletes a template after confirmation', async () => {
    const environment = renderDemoBots();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Sales helper' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete template' }));
    await act(async () => {
      environment.mock.resolveMostRecentOperation({
        data: { deleteTemplatePrompt: { __typename: 'DeletedTemplatePromptPayload', deletedId: 't2' } },
      });
    });
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Sales helper' })).toBeNull());
    expect(screen.getByText('1 of 3')).toBeTruthy();
  });
});
