import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toaster } from '../../ui/toaster.tsx';
import { BOT_ID, operationNamed, renderTab, resolveOperation } from './knowledgeTestKit.tsx';
import { QaPairsTab } from './QaPairsTab.tsx';
import { downloadQaPairsCsv, importQaPairsCsv } from './qaPairsCsv.ts';

vi.mock('./qaPairsCsv.ts', () => ({ importQaPairsCsv: vi.fn(), downloadQaPairsCsv: vi.fn() }));

const pair = (id: string, question: string, answer: string) => ({ __typename: 'QaPair', id: btoa(`QaPair:${id}`), question, answer });
const GIFT_CARDS = pair('qa-1', 'Do you sell gift cards?', 'Yes, from 10 to 200 euros.');

async function renderQaPairs(pairs = [GIFT_CARDS]) {
  const environment = renderTab(<QaPairsTab botId={BOT_ID} />);
  await resolveOperation(environment, 'QaPairsTabQuery', {
    Node: () => ({ __typename: 'Bot', id: BOT_ID }),
    Bot: () => ({ id: BOT_ID }),
    BotQaPairsConnection: () => ({
      totalCount: pairs.length,
      edges: pairs.map((node, index) => ({ cursor: `c${index}`, node })),
      pageInfo: { hasNextPage: false, endCursor: null },
    }),
  });
  return environment;
}

beforeEach(() => {
  toaster.remove();
  vi.mocked(importQaPairsCsv).mockReset();
  vi.mocked(downloadQaPairsCsv).mockReset();
});

describe('the Q&A tab', () => {
  it("lists the bot's pairs with their answers", async () => {
    await renderQaPairs();
    expect(await screen.findByText('Do you sell gift cards?')).toBeTruthy();
    expect(screen.getByText('Yes, from 10 to 200 euros.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '1 Q&A pair' })).toBeTruthy();
  });

  it('asks for the question and the answer before sending anything', async () => {
    const environment = await renderQaPairs([]);
    expect(await screen.findByText(/No Q&A pairs yet/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add the pair' }));
    expect(await screen.findByText('Write the question, as a visitor would ask it.')).toBeTruthy();
    expect(screen.getByText('Write the answer the bot should give.')).toBeTruthy();
    expect(environment.mock.getAllOperations().map((operation) => operation.request.node.params.name)).toEqual([]);
  });

  it('adds a pair on top of the list', async () => {
    const environment = await renderQaPairs();
    await screen.findByText('Do you sell gift cards?');
    fireEvent.change(screen.getByRole('textbox', { name: /^Question/ }), { target: { value: 'Where is the Lyon store?' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Answer/ }), { target: { value: '12 rue de la République.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add the pair' }));
    const create = operationNamed(environment, 'QaPairsTabCreateMutation');
    expect(create.request.variables).toEqual({
      botId: BOT_ID,
      input: { question: 'Where is the Lyon store?', answer: '12 rue de la République.' },
    });
    await act(async () => {
      environment.mock.resolve(create, { data: { createQaPair: pair('qa-2', 'Where is the Lyon store?', '12 rue de la République.') } });
    });
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Where is the Lyon store?'),
      expect.stringContaining('Do you sell gift cards?'),
    ]);
  });

  it('edits a pair in the form and shows the server’s issue under its field', async () => {
    const environment = await renderQaPairs();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit the pair “Do you sell gift cards?”' }));
    expect((screen.getByRole('textbox', { name: /^Answer/ }) as HTMLTextAreaElement).value).toBe('Yes, from 10 to 200 euros.');
    fireEvent.change(screen.getByRole('textbox', { name: /^Answer/ }), { target: { value: 'x'.repeat(10) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the pair' }));
    const update = operationNamed(environment, 'QaPairsTabUpdateMutation');
    expect(update.request.variables).toEqual({ id: GIFT_CARDS.id, input: { question: 'Do you sell gift cards?', answer: 'xxxxxxxxxx' } });
    await act(async () => {
      environment.mock.resolve(update, {
        data: {
          updateQaPair: {
            __typename: 'ValidationError',
            __isError: 'ValidationError',
            message: 'Invalid input',
            code: 'VALIDATION_ERROR',
            issues: [{ path: 'answer', message: 'Answer must be at most 5000 characters' }],
          },
        },
      });
    });
    expect(await screen.findAllByText('Answer must be at most 5000 characters')).not.toHaveLength(0);
  });

  it('deletes a pair after confirmation', async () => {
    const environment = await renderQaPairs();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete the pair “Do you sell gift cards?”' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this Q&A pair?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const remove = operationNamed(environment, 'QaPairsTabDeleteMutation');
    expect(remove.request.variables).toMatchObject({ id: GIFT_CARDS.id });
    await act(async () => {
      environment.mock.resolve(remove, { data: { deleteQaPair: { __typename: 'DeletedQaPairPayload', deletedId: GIFT_CARDS.id } } });
    });
    await waitFor(() => expect(screen.queryByText('Do you sell gift cards?')).toBeNull());
  });

  it('imports a CSV file, says what it added and updated, and reads the list again', async () => {
    vi.mocked(importQaPairsCsv).mockResolvedValue({ created: 2, updated: 1 });
    const environment = await renderQaPairs();
    const file = new File(['question,answer\nDo you ship?,Yes.\n'], 'pairs.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText('Import CSV'), { target: { files: [file] } });
    expect(await screen.findByText('2 added, 1 updated.')).toBeTruthy();
    expect(importQaPairsCsv).toHaveBeenCalledWith(BOT_ID, 'question,answer\nDo you ship?,Yes.\n');
    expect(operationNamed(environment, 'QaPairsPanelRefetchQuery')).toBeTruthy();
  });

  it("says why a file was refused, in the server's words", async () => {
    vi.mocked(importQaPairsCsv).mockRejectedValue(
      new Error('Some rows cannot be imported; nothing was imported. row 3: Question is required.'),
    );
    await renderQaPairs();
    fireEvent.change(screen.getByLabelText('Import CSV'), { target: { files: [new File(['x'], 'pairs.csv')] } });
    expect(await screen.findByText('Could not import the file')).toBeTruthy();
    expect(screen.getByText('Some rows cannot be imported; nothing was imported. row 3: Question is required.')).toBeTruthy();
  });

  it('exports the pairs as CSV', async () => {
    vi.mocked(downloadQaPairsCsv).mockResolvedValue();
    await renderQaPairs();
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloadQaPairsCsv).toHaveBeenCalledWith(BOT_ID));
  });
});
