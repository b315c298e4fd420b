import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_ICON_PATH } from '@chatbot/common/icons';
import { stubFetch } from '../../test/render.tsx';
import { editorPathOf } from './editorPath.ts';
import { renderEditor, renderSavedBot, resolveOperation, saveButton, savedBot, tab } from './editorTestKit.tsx';

const originalFetch = globalThis.fetch;

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:new-logo');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  globalThis.fetch = originalFetch;
});

describe('the editor on a saved bot', () => {
  it('shows the saved bot with every tab open and saves only after a change', async () => {
    await renderSavedBot();
    expect((screen.getByLabelText(/Bot name/) as HTMLInputElement).value).toBe('Support bot');
    expect((screen.getByLabelText(/Generated prompt/) as HTMLTextAreaElement).value).toBe('You are a helpful support assistant.');
    expect(tab('Documents').disabled).toBe(false);
    expect(tab('Website Url').disabled).toBe(false);
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/Detailed description/), { target: { value: 'Answers questions about our shop and orders' } });
    expect(saveButton().disabled).toBe(false);
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Detailed description/), { target: { value: 'Answers questions about our shop' } });
    expect(saveButton().disabled).toBe(true);
  });

  it('previews the widget with the unsaved name and colour', async () => {
    await renderSavedBot();
    fireEvent.click(tab('Bot Details and Appearance'));
    const preview = await screen.findByRole('region', { name: 'Widget preview' });
    expect(within(preview).getByText('Shop helper')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Display name/), { target: { value: 'Order desk' } });
    fireEvent.change(screen.getByLabelText('Theme colour'), { target: { value: '#10b981' } });
    expect(within(preview).getByText('Order desk')).toBeTruthy();
    expect(within(preview).getByTestId('widget-preview-header').style.backgroundColor).toBe('rgb(16, 185, 129)');
    // The widget's own launcher icon, in the text colour the widget picks for the theme: black on this green.
    const launcher = within(preview).getByTestId('widget-preview-launcher');
    expect(launcher.querySelector('path')?.getAttribute('d')).toBe(CHAT_ICON_PATH);
    expect((launcher.firstElementChild as HTMLElement).style.color).toBe('rgb(0, 0, 0)');
    fireEvent.change(screen.getByLabelText(/Display name/), { target: { value: '' } });
    expect(within(preview).getByText('AI Assistant')).toBeTruthy();
  });

  it('rejects a theme colour that is not hex and an invalid max length before saving', async () => {
    const { environment } = await renderSavedBot();
    fireEvent.click(tab('Bot Details and Appearance'));
    fireEvent.change(await screen.findByLabelText('Theme colour'), { target: { value: 'purple' } });
    fireEvent.change(screen.getByLabelText('Max response length'), { target: { value: '-3' } });
    fireEvent.click(saveButton());
    expect(await screen.findByText('ChatBot Save Unsuccessful')).toBeTruthy();
    expect(screen.getAllByText('Use a hex colour such as #8B5CF6.').length).toBeGreaterThan(0);
    expect(screen.getByText('Enter a whole number from 0 to 8192.')).toBeTruthy();
    expect(environment.mock.getAllOperations()).toHaveLength(0);
  });

  it('uploads a new logo after saving the settings and shows it', async () => {
    localStorage.setItem('accessToken', 'access-token');
    const calls = stubFetch({
      'GET /users/me': { body: { id: 'u1', email: 'ann@example.com', full_name: 'Ann', role: 'customer', plan: 'pro', is_verified: true } },
      'PATCH /bots/4f1c2d3e': { body: { iconUrl: null, logoUrl: '/static/bots/4f1c2d3e/images/logo-2.png' } },
    });
    const { environment } = await renderSavedBot();
    fireEvent.click(tab('Bot Details and Appearance'));
    const logo = new File(['png'], 'logo.png', { type: 'image/png' });
    await userEvent.upload(await screen.findByLabelText('Logo'), logo);
    expect((screen.getByRole('img', { name: 'Logo preview' }) as HTMLImageElement).src).toBe('blob:new-logo');
    expect(saveButton().disabled).toBe(false);
    fireEvent.click(saveButton());
    await resolveOperation(environment, 'useSaveBotUpdateMutation', { updateBot: savedBot() });
    await waitFor(() => expect(calls.some((call) => call.key === 'PATCH /bots/4f1c2d3e')).toBe(true));
    const upload = calls.find((call) => call.key === 'PATCH /bots/4f1c2d3e')!;
    expect((upload.init?.body as FormData).get('logo')).toBeInstanceOf(File);
    expect((upload.init?.headers as Record<string, string>).Authorization).toBe('Bearer access-token');
    expect(await screen.findByText('Bot Saved Successfully')).toBeTruthy();
    await waitFor(() => expect(tab('Documents').getAttribute('aria-selected')).toBe('true'));
    expect(saveButton().disabled).toBe(true);
    fireEvent.click(tab('Bot Details and Appearance'));
    expect((await screen.findByRole('img', { name: 'Logo preview' })).getAttribute('src')).toBe('/static/bots/4f1c2d3e/images/logo-2.png');
  });

  it('refuses a file that is not an image', async () => {
    await renderSavedBot();
    fireEvent.click(tab('Bot Details and Appearance'));
    const input = (await screen.findByLabelText('Icon')) as HTMLInputElement;
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['%PDF'], 'brochure.pdf', { type: 'application/pdf' })] } });
    });
    expect(await screen.findByText('brochure.pdf is not an image.')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
  });
});

describe('a bot that cannot be loaded', () => {
  it('says so and leads back to the chatbots', async () => {
    const { environment } = renderEditor({ at: editorPathOf(btoa('Bot:someone-else')) });
    await resolveOperation(environment, 'EditorRouteQuery', { node: null });
    expect(await screen.findByText('Failed to load bot')).toBeTruthy();
    expect(screen.getByText(/This chatbot does not exist or is not yours/)).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Back to chatbots' }));
    expect(await screen.findByText('elsewhere')).toBeTruthy();
  });
});
