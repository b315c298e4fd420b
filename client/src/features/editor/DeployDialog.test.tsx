import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BOT_ID, renderEditor, renderSavedBot, resolveOperation } from './editorTestKit.tsx';

const HTML_SNIPPET = '<script src="http://localhost/widget.js?v=1" data-bot-id="4f1c2d3e" data-token="wt_abc" async></script>';
const REACT_SNIPPET = "import { useEffect } from 'react';\nexport default function ChatbotWidget() { return null; }";

describe('the Deploy dialog', () => {
  it('is locked until the bot is saved', async () => {
    renderEditor();
    expect(((await screen.findByRole('button', { name: 'Deploy' })) as HTMLButtonElement).disabled).toBe(true);
  });

  it('deploys the bot, shows the HTML, React and WordPress tabs and copies a snippet', async () => {
    const user = userEvent.setup();
    const { environment } = await renderSavedBot();
    await user.click(screen.getByRole('button', { name: 'Deploy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deploy Support bot' });
    expect(within(dialog).getByText('Deploying your bot…')).toBeTruthy();
    const operation = await resolveOperation(environment, 'DeployDialogMutation', {
      deployBot: {
        __typename: 'DeployPayload',
        embedCode: HTML_SNIPPET,
        embedCodeReact: REACT_SNIPPET,
        bot: { id: BOT_ID, deployedAt: '2026-11-22T03:00:00Z' },
      },
    });
    expect(operation.request.variables).toEqual({ id: BOT_ID });
    expect(await screen.findByText('Deployment Successful')).toBeTruthy();
    expect(screen.getByText('Your bot is now live.')).toBeTruthy();
    expect(within(dialog).getByText(HTML_SNIPPET)).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Copy HTML code' }));
    expect(await screen.findByText('Copied to Clipboard')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(HTML_SNIPPET);

    await user.click(within(dialog).getByRole('tab', { name: 'React' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Copy React code' }));
    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe(REACT_SNIPPET));

    await user.click(within(dialog).getByRole('tab', { name: 'WordPress' }));
    expect(await within(dialog).findByText(/Custom HTML block/)).toBeTruthy();
    // The React panel leaves through Ark's presence machine, a tick after the new panel shows.
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: /Copy/ })).toBeNull());
  });

  it('says when the deployment failed and can try again', async () => {
    const { environment } = await renderSavedBot();
    fireEvent.click(screen.getByRole('button', { name: 'Deploy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deploy Support bot' });
    await act(async () => {
      environment.mock.reject(environment.mock.getMostRecentOperation(), new Error(''));
    });
    expect(await screen.findAllByText('Deployment Failed')).not.toHaveLength(0);
    expect(within(dialog).getByText('Could not deploy your bot')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(environment.mock.getMostRecentOperation().request.node.params.name).toBe('DeployDialogMutation');
  });
});
