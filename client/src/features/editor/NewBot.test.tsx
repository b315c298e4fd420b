import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { editorPathOf } from './editorPath.ts';
import { BOT_ID, renderEditor, resolveOperation, saveButton, savedBot, tab } from './editorTestKit.tsx';

function fillUseCase({ prompt = true } = {}) {
  fireEvent.change(screen.getByLabelText(/Bot name/), { target: { value: 'Support bot' } });
  fireEvent.change(screen.getByLabelText(/Use case type/), { target: { value: 'customer-support' } });
  fireEvent.change(screen.getByLabelText(/Detailed description/), { target: { value: 'Answers questions about our shop' } });
  if (prompt) fireEvent.change(screen.getByLabelText(/Generated prompt/), { target: { value: 'You are a helpful support assistant.' } });
}

describe('the editor on a new bot', () => {
  it('starts on Agent Use Case with the knowledge tabs locked and nothing to save', async () => {
    renderEditor();
    expect(await screen.findByRole('heading', { name: 'New chatbot' })).toBeTruthy();
    expect(tab('Agent Use Case').getAttribute('aria-selected')).toBe('true');
    expect(tab('Bot Details and Appearance').disabled).toBe(false);
    expect(tab('Documents').disabled).toBe(true);
    expect(tab('Website Url').disabled).toBe(true);
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/Bot name/), { target: { value: 'S' } });
    expect(saveButton().disabled).toBe(false);
    fireEvent.change(screen.getByLabelText(/Bot name/), { target: { value: '' } });
    expect(saveButton().disabled).toBe(true);
  });

  it('asks for a use case and a description before generating a prompt', async () => {
    const { environment } = renderEditor();
    fireEvent.click(await screen.findByRole('button', { name: 'Generate prompt' }));
    expect(await screen.findByText('Missing Information')).toBeTruthy();
    expect(screen.getByText('Please select a use case and provide a description first.')).toBeTruthy();
    expect(environment.mock.getAllOperations()).toHaveLength(0);
  });

  it('generates an editable prompt and takes its tone and style', async () => {
    const { environment } = renderEditor();
    await screen.findByRole('heading', { name: 'New chatbot' });
    fillUseCase({ prompt: false });
    fireEvent.click(screen.getByRole('button', { name: 'Generate prompt' }));
    const operation = await resolveOperation(environment, 'AgentUseCaseTabGeneratePromptMutation', {
      generatePrompt: {
        __typename: 'GeneratedPrompt',
        prompt: 'You answer shop questions.',
        tone: 'professional',
        responseStyle: 'concise',
      },
    });
    expect(operation.request.variables).toEqual({ useCase: 'customer-support', description: 'Answers questions about our shop' });
    expect(await screen.findByText('Prompt Generated')).toBeTruthy();
    const prompt = screen.getByLabelText(/Generated prompt/) as HTMLTextAreaElement;
    expect(prompt.value).toBe('You answer shop questions.');
    fireEvent.change(prompt, { target: { value: 'You answer shop questions kindly.' } });
    expect(prompt.value).toBe('You answer shop questions kindly.');
    fireEvent.click(tab('Bot Details and Appearance'));
    expect(((await screen.findByLabelText('Tone')) as HTMLSelectElement).value).toBe('professional');
    expect((screen.getByLabelText('Response style') as HTMLSelectElement).value).toBe('concise');
  });

  it('continues to the details only with name, use case, description and prompt', async () => {
    renderEditor();
    await screen.findByRole('heading', { name: 'New chatbot' });
    fillUseCase({ prompt: false });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please fill in the bot name, use case, detailed description and generated prompt.')).toBeTruthy();
    expect(tab('Agent Use Case').getAttribute('aria-selected')).toBe('true');
    fireEvent.change(screen.getByLabelText(/Generated prompt/), { target: { value: 'You are a helpful support assistant.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(tab('Bot Details and Appearance').getAttribute('aria-selected')).toBe('true'));
  });

  it('refuses to save without a display name and shows where it is missing', async () => {
    const { environment } = renderEditor();
    await screen.findByRole('heading', { name: 'New chatbot' });
    fillUseCase();
    fireEvent.click(saveButton());
    expect(await screen.findByText('Please fill in: Display name.')).toBeTruthy();
    await waitFor(() => expect(tab('Bot Details and Appearance').getAttribute('aria-selected')).toBe('true'));
    expect(screen.getByText('This field is required.')).toBeTruthy();
    expect(environment.mock.getAllOperations()).toHaveLength(0);
  });

  it('creates the bot, moves to its address without loading it again and goes on to Documents', async () => {
    const { environment, router } = renderEditor();
    await screen.findByRole('heading', { name: 'New chatbot' });
    fillUseCase();
    fireEvent.click(tab('Bot Details and Appearance'));
    fireEvent.change(await screen.findByLabelText(/Display name/), { target: { value: 'Shop helper' } });
    fireEvent.click(saveButton());
    const operation = await resolveOperation(environment, 'useSaveBotCreateMutation', {
      createBot: savedBot({ botPrompt: 'You are a helpful support assistant.' }),
    });
    expect(operation.request.variables.input).toMatchObject({
      name: 'Support bot',
      useCase: 'customer-support',
      displayName: 'Shop helper',
      generatedPrompt: 'You are a helpful support assistant.',
      themeColor: '#8B5CF6',
      creativity: 0.5,
      maxTokens: 0,
    });
    expect(await screen.findByText('Bot Saved Successfully')).toBeTruthy();
    await waitFor(() => expect(tab('Documents').getAttribute('aria-selected')).toBe('true'));
    expect(tab('Website Url').disabled).toBe(false);
    expect(saveButton().disabled).toBe(true);
    expect(router.state.location.pathname).toBe(editorPathOf(BOT_ID));
    expect(screen.getByRole('heading', { name: 'Edit Support bot' })).toBeTruthy();
    const names = environment.mock.getAllOperations().map((pending) => pending.request.node.params.name);
    expect(names).not.toContain('EditorRouteQuery');
  });

  it('shows the server message when the save is refused', async () => {
    const { environment } = renderEditor();
    await screen.findByRole('heading', { name: 'New chatbot' });
    fillUseCase();
    fireEvent.click(tab('Bot Details and Appearance'));
    fireEvent.change(await screen.findByLabelText(/Display name/), { target: { value: 'Shop helper' } });
    fireEvent.click(saveButton());
    await resolveOperation(environment, 'useSaveBotCreateMutation', {
      createBot: {
        __typename: 'ForbiddenError',
        __isError: 'ForbiddenError',
        message: 'Bot limit reached: your plan allows 3 chatbots. Upgrade your plan to create more.',
      },
    });
    expect(await screen.findByText('ChatBot Save Unsuccessful')).toBeTruthy();
    expect(screen.getByText(/Bot limit reached/)).toBeTruthy();
    expect(tab('Documents').disabled).toBe(true);
    expect(saveButton().disabled).toBe(false);
  });

  it('asks for a bot name before testing', async () => {
    renderEditor();
    fireEvent.click(await screen.findByRole('button', { name: 'Test Bot' }));
    expect(await screen.findByText('Missing Bot Name')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('warns in the test dialog that an unsaved bot cannot be tested yet', async () => {
    const { environment } = renderEditor();
    fireEvent.change(await screen.findByLabelText(/Bot name/), { target: { value: 'Support bot' } });
    fireEvent.click(screen.getByRole('button', { name: 'Test Bot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Test Support bot' });
    expect(within(dialog).getByText(/Save the bot before testing it/)).toBeTruthy();
    expect(within(dialog).queryByLabelText('Your question')).toBeNull();
    expect(environment.mock.getAllOperations()).toHaveLength(0);
  });
});
