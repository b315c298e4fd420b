import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SubscriptionError } from '../../relay/network.ts';
import { BOT_ID, renderSavedBot } from './editorTestKit.tsx';

const event = (fields: Record<string, unknown>) => ({
  data: { askBotStream: { token: null, done: false, answer: null, sources: null, ...fields } },
});

describe('the Test Bot dialog', () => {
  it('streams the answer token by token and shows its citations', async () => {
    const { environment } = await renderSavedBot();
    fireEvent.click(screen.getByRole('button', { name: 'Test Bot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Test Support bot' });
    // It says what a test message costs, by the owner's billing.
    const charge = environment.mock.getMostRecentOperation();
    expect(charge.request.node.params.name).toBe('TestBotDialogChargeQuery');
    await act(async () => {
      environment.mock.resolve(charge, { data: { viewer: { id: 'u1', billing: { chatMessageCost: 1.5 } } } });
    });
    expect(await within(dialog).findByText('Each test message costs 1.5 credits, like a visitor’s message.')).toBeTruthy();
    const question = within(dialog).getByLabelText('Your question');
    fireEvent.change(question, { target: { value: '   ' } });
    fireEvent.keyDown(question, { key: 'Enter' });
    expect(environment.mock.getAllOperations()).toHaveLength(0);

    fireEvent.change(question, { target: { value: 'When do you ship?' } });
    fireEvent.keyDown(question, { key: 'Enter' });
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe('TestBotDialogAskSubscription');
    expect(operation.request.variables).toEqual({ botId: BOT_ID, question: 'When do you ship?', maxTokens: 1000 });
    expect(within(dialog).getByText('When do you ship?')).toBeTruthy();
    expect(within(dialog).getByText('The bot is answering…')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);

    await act(async () => {
      environment.mock.nextValue(operation, event({ token: 'We ship ' }));
    });
    expect(within(dialog).getByText('We ship')).toBeTruthy();
    await act(async () => {
      environment.mock.nextValue(operation, event({ token: 'within 2 days [1].' }));
    });
    // The citation is set apart from the text; the paragraph still reads as the whole answer.
    expect(
      within(dialog).getByText((_content, element) => element?.tagName === 'P' && element.textContent === 'We ship within 2 days [1].'),
    ).toBeTruthy();
    await act(async () => {
      environment.mock.nextValue(
        operation,
        event({
          done: true,
          answer: 'We ship within 2 days [1].',
          sources: [
            {
              index: 1,
              title: 'shipping.pdf',
              url: null,
              page: 3,
              snippet: 'Orders leave our warehouse within 2 days.',
              sourceType: 'document',
            },
          ],
        }),
      );
      environment.mock.complete(operation);
    });
    expect(within(dialog).getByText('Sources')).toBeTruthy();
    expect(within(dialog).getByText('shipping.pdf')).toBeTruthy();
    expect(within(dialog).getByText('(page 3)')).toBeTruthy();
    expect(within(dialog).getByText('Orders leave our warehouse within 2 days.')).toBeTruthy();
    expect(within(dialog).queryByText('The bot is answering…')).toBeNull();
  });

  it('says when the answer could not be fetched', async () => {
    const { environment } = await renderSavedBot();
    fireEvent.click(screen.getByRole('button', { name: 'Test Bot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Test Support bot' });
    fireEvent.change(within(dialog).getByLabelText('Your question'), { target: { value: 'Hello?' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await act(async () => {
      environment.mock.reject(environment.mock.getMostRecentOperation(), new Error('socket closed'));
    });
    expect(within(dialog).getByText('Failed to fetch RAG response')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Your question'), { target: { value: 'Again?' } });
    expect((within(dialog).getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("shows the server's reason for a refusal, with a link to billing when credits ran out", async () => {
    const { environment } = await renderSavedBot();
    fireEvent.click(screen.getByRole('button', { name: 'Test Bot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Test Support bot' });
    fireEvent.change(within(dialog).getByLabelText('Your question'), { target: { value: 'Hello?' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    const reason = 'Not enough credits: this needs 1 and your balance is 0. Buy more credits on the billing page.';
    await act(async () => {
      environment.mock.reject(environment.mock.getMostRecentOperation(), new SubscriptionError(reason, 'INSUFFICIENT_CREDITS'));
    });
    expect(within(dialog).getByText(reason)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Buy credits' }).getAttribute('href')).toBe('/billing');
    expect(within(dialog).queryByText('Failed to fetch RAG response')).toBeNull();
  });

  it('writes the right answer to a question of the test chat as a Q&A pair of the bot', async () => {
    const { environment } = await renderSavedBot();
    fireEvent.click(screen.getByRole('button', { name: 'Test Bot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Test Support bot' });
    fireEvent.change(within(dialog).getByLabelText('Your question'), { target: { value: 'Do you ship to Norway?' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    const ask = environment.mock
      .getAllOperations()
      .find((operation) => operation.request.node.params.name === 'TestBotDialogAskSubscription')!;
    await act(async () => {
      environment.mock.nextValue(ask, event({ done: true, answer: 'I could not find that.', sources: [], messageId: 'Q2hhdExvZzphMQ==' }));
      environment.mock.complete(ask);
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Write the right answer to “Do you ship to Norway?”' }));
    const write = await screen.findByRole('dialog', { name: 'Write the right answer' });
    expect((within(write).getByRole('textbox', { name: /Question/ }) as HTMLInputElement).value).toBe('Do you ship to Norway?');
    expect(within(write).getByText('I could not find that.')).toBeTruthy();
    fireEvent.change(within(write).getByRole('textbox', { name: /The right answer/ }), { target: { value: 'Yes, in 5 days.' } });
    fireEvent.click(within(write).getByRole('button', { name: 'Save the answer' }));
    const save = environment.mock
      .getAllOperations()
      .find((operation) => operation.request.node.params.name === 'WriteAnswerDialogMutation')!;
    expect(save.request.variables).toEqual({ botId: BOT_ID, input: { question: 'Do you ship to Norway?', answer: 'Yes, in 5 days.' } });
  });

  it('rates a stored answer, asks what was wrong on a thumbs-down, and takes back a rating not saved', async () => {
    const { environment } = await renderSavedBot();
    fireEvent.click(screen.getByRole('button', { name: 'Test Bot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Test Support bot' });
    fireEvent.change(within(dialog).getByLabelText('Your question'), { target: { value: 'When do you ship?' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    const ask = environment.mock
      .getAllOperations()
      .find((operation) => operation.request.node.params.name === 'TestBotDialogAskSubscription')!;
    await act(async () => {
      environment.mock.nextValue(ask, event({ done: true, answer: 'We ship within 2 days.', sources: [], messageId: 'Q2hhdExvZzphMQ==' }));
      environment.mock.complete(ask);
    });
    const rateOperation = () =>
      environment.mock.getAllOperations().find((operation) => operation.request.node.params.name === 'TestAnswerRatingMutation')!;

    const notHelpful = within(dialog).getByRole('button', { name: 'Not helpful' });
    fireEvent.click(notHelpful);
    expect(notHelpful.getAttribute('aria-pressed')).toBe('true');
    expect(rateOperation().request.variables).toEqual({ messageId: 'Q2hhdExvZzphMQ==', rating: 'DOWN', comment: null });
    await act(async () => {
      environment.mock.resolve(rateOperation(), {
        data: { rateAnswer: { __typename: 'ChatLog', id: 'Q2hhdExvZzphMQ==', rating: 'DOWN', ratingComment: null } },
      });
    });
    const why = within(dialog).getByRole('textbox', { name: 'What was wrong? (optional)' });
    fireEvent.change(why, { target: { value: 'Say the Sunday hours too' } });
    fireEvent.click(within(why.closest('form')!).getByRole('button', { name: 'Send' }));
    expect(rateOperation().request.variables).toEqual({
      messageId: 'Q2hhdExvZzphMQ==',
      rating: 'DOWN',
      comment: 'Say the Sunday hours too',
    });
    await act(async () => {
      environment.mock.resolve(rateOperation(), {
        data: { rateAnswer: { __typename: 'ChatLog', id: 'Q2hhdExvZzphMQ==', rating: 'DOWN', ratingComment: 'Say the Sunday hours too' } },
      });
    });
    expect(within(dialog).getByText('Thank you: this rating shows in your chat logs.')).toBeTruthy();

    const helpful = within(dialog).getByRole('button', { name: 'Helpful' });
    fireEvent.click(helpful);
    expect(helpful.getAttribute('aria-pressed')).toBe('true');
    await act(async () => {
      environment.mock.reject(rateOperation(), new Error('Network down'));
    });
    expect(helpful.getAttribute('aria-pressed')).toBe('false');
    expect(within(dialog).getByRole('button', { name: 'Not helpful' }).getAttribute('aria-pressed')).toBe('true');
  });
});
