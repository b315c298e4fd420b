import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { editorPathOf } from './editorPath.ts';
import { renderEditor, resolveOperation, savedBot } from './editorTestKit.tsx';

/** A global id whose base64 holds `/` and `=`, which the address must carry encoded. */
const OTHER_BOT_ID = btoa('Bot:a?~');

describe("the editor's address", () => {
  it('loads the bot /editor/<id> names, so a reload keeps the bot', async () => {
    const { environment, router } = renderEditor({ at: editorPathOf(OTHER_BOT_ID) });
    const operation = await resolveOperation(environment, 'EditorRouteQuery', { node: savedBot({ id: OTHER_BOT_ID, name: 'Museum bot' }) });
    expect(operation.request.variables).toEqual({ id: OTHER_BOT_ID });
    expect(await screen.findByRole('heading', { name: 'Edit Museum bot' })).toBeTruthy();
    expect((screen.getByLabelText(/Bot name/) as HTMLInputElement).value).toBe('Museum bot');
    expect(router.state.location.pathname).toBe(`/editor/${encodeURIComponent(OTHER_BOT_ID)}`);
  });

  it("takes the spec's navigation to /editor with a bot id in state to that bot's address", async () => {
    const { environment, router } = renderEditor({ at: { pathname: '/editor', state: { botId: OTHER_BOT_ID } } });
    const operation = await resolveOperation(environment, 'EditorRouteQuery', { node: savedBot({ id: OTHER_BOT_ID, name: 'Museum bot' }) });
    expect(operation.request.variables).toEqual({ id: OTHER_BOT_ID });
    expect(await screen.findByRole('heading', { name: 'Edit Museum bot' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(editorPathOf(OTHER_BOT_ID));
    expect(router.state.location.state).toBeNull();
  });

  it('opens an empty editor at /editor and loads nothing', async () => {
    const { environment } = renderEditor();
    expect(await screen.findByRole('heading', { name: 'New chatbot' })).toBeTruthy();
    expect(environment.mock.getAllOperations()).toHaveLength(0);
  });
});
