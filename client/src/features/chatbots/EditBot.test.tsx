import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chooseMenuItem, editorProbe, renderChatbots } from './chatbotsTestKit.tsx';

describe('the bot card menu', () => {
  it('opens the editor on the chosen bot', async () => {
    renderChatbots({ routes: editorProbe });
    await screen.findByRole('heading', { name: 'Support bot' });
    await chooseMenuItem('Support bot', 'Edit');
    expect(await screen.findByText('/editor/b1 null')).toBeTruthy();
  });
});
