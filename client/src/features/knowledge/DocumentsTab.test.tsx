import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../session/api.ts';
import { toaster } from '../../ui/toaster.tsx';
import { DocumentsTab } from './DocumentsTab.tsx';
import { BOT_ID, document, operationNamed, pushEvent, renderTab, resolveOperation } from './knowledgeTestKit.tsx';
import { uploadDocument } from './uploadDocument.ts';

vi.mock('./uploadDocument.ts', () => ({ uploadDocument: vi.fn() }));

const uploadMock = vi.mocked(uploadDocument);

async function renderDocuments(documents = [document('d1', 'handbook.pdf'), document('d2', 'faq.md')]) {
  const environment = renderTab(<DocumentsTab botId={BOT_ID} />);
  await resolveOperation(environment, 'DocumentsTabQuery', {
    Node: () => ({ __typename: 'Bot', id: BOT_ID }),
    Bot: () => ({ id: BOT_ID }),
    BotDocumentsConnection: () => ({
      edges: documents.map((node, index) => ({ cursor: `c${index}`, node })),
      pageInfo: { hasNextPage: false, endCursor: null },
    }),
  });
  return environment;
}

function fileOf(name: string, bytes: number) {
  const file = new File(['x'], name);
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
}

const choose = (...files: File[]) => fireEvent.change(screen.getByLabelText('Upload documents'), { target: { files } });

beforeEach(() => {
  uploadMock.mockReset();
  // The toaster outlives each test's render: start every test without the last one's toasts.
  toaster.remove();
});

describe('the Documents tab', () => {
  it("lists the bot's documents with their status", async () => {
    await renderDocuments([
      document('d1', 'handbook.pdf'),
      document('d2', 'broken.docx', 'failed', { errorMessage: 'The file is empty.' }),
    ]);
    expect(await screen.findByText('handbook.pdf')).toBeTruthy();
    expect(screen.getByText('Completed')).toBeTruthy();
    expect(screen.getByText('Failed')).toBeTruthy();
    expect(screen.getByText('The file is empty.')).toBeTruthy();
    expect(screen.getByText(/4 passages/)).toBeTruthy();
    expect(screen.queryByText('Processing documents')).toBeNull();
  });

  it('shows an empty state without documents', async () => {
    await renderDocuments([]);
    expect(await screen.findByText('No documents yet')).toBeTruthy();
  });

  it('refuses unsupported and oversized files by name, and uploads the valid ones', async () => {
    let finish: () => void = () => undefined;
    uploadMock.mockImplementation((_bot, _file, onProgress) => {
      onProgress(0.4);
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    });
    await renderDocuments();
    await screen.findByText('handbook.pdf');
    choose(fileOf('setup.exe', 100), fileOf('huge.pdf', 10 * 1024 * 1024 + 1), fileOf('notes.md', 100));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('setup.exe: only PDF, DOCX, TXT and Markdown files are accepted.')).toBeTruthy();
    expect(within(alert).getByText('huge.pdf: the file is larger than 10 MB.')).toBeTruthy();
    expect(within(alert).queryByText(/notes\.md/)).toBeNull();

    expect(uploadMock).toHaveBeenCalledTimes(1);
    expect(uploadMock.mock.calls[0]![0]).toBe('bot-1');
    expect(uploadMock.mock.calls[0]![1].name).toBe('notes.md');
    const progress = await screen.findByRole('progressbar', { name: 'Uploading notes.md' });
    expect(progress.getAttribute('aria-valuenow')).toBe('40');

    await act(async () => finish());
    expect(await screen.findByText('Document Uploaded')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
  });

  it('accepts a file of exactly 10 MB', async () => {
    uploadMock.mockResolvedValue();
    await renderDocuments();
    await screen.findByText('handbook.pdf');
    choose(fileOf('manual.docx', 10 * 1024 * 1024));
    await waitFor(() => expect(uploadMock).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("names the file in the Upload Failed toast, with the server's reason", async () => {
    uploadMock.mockRejectedValue(new ApiError(415, 'Unsupported file type (the content is PNG).'));
    await renderDocuments();
    await screen.findByText('handbook.pdf');
    choose(fileOf('photo.pdf', 100));
    expect(await screen.findByText('photo.pdf: Upload Failed')).toBeTruthy();
    expect(screen.getByText('Unsupported file type (the content is PNG).')).toBeTruthy();
  });

  it('follows document statuses live, with a banner while any is processing', async () => {
    const environment = await renderDocuments([document('d1', 'handbook.pdf', 'processing')]);
    await screen.findByText('handbook.pdf');
    expect(screen.getByText('Processing documents')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'View handbook.pdf' }) as HTMLButtonElement).disabled).toBe(true);

    await pushEvent(environment, 'DocumentsTabStatusSubscription', { documentStatusChanged: document('d1', 'handbook.pdf', 'completed') });
    await waitFor(() => expect(screen.queryByText('Processing documents')).toBeNull());
    expect(screen.getByText('Completed')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'View handbook.pdf' }) as HTMLButtonElement).disabled).toBe(false);

    await pushEvent(environment, 'DocumentsTabStatusSubscription', {
      documentStatusChanged: document('d9', 'new.txt', 'pending', { createdAt: '2026-11-21T09:00:00Z' }),
    });
    expect(await screen.findByText('new.txt')).toBeTruthy();
    expect(screen.getByText('Processing documents')).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)[0]).toContain('new.txt');

    // An older document from the subscription's opening snapshot belongs to a later page.
    await pushEvent(environment, 'DocumentsTabStatusSubscription', {
      documentStatusChanged: document('d0', 'old.txt', 'completed', { createdAt: '2025-01-01T09:00:00Z' }),
    });
    expect(screen.queryByText('old.txt')).toBeNull();
  });

  it('shows how many passages of a long document are written, live, and a temporary problem while it is retried', async () => {
    const environment = await renderDocuments([document('d1', 'handbook.txt', 'processing', { chunkCount: 0 })]);
    await screen.findByText('handbook.txt');
    // Not read yet: nothing to count.
    expect(screen.queryByText(/Passages written/)).toBeNull();

    await pushEvent(environment, 'DocumentsTabStatusSubscription', {
      documentStatusChanged: document('d1', 'handbook.txt', 'processing', { chunkCount: 4500, chunksExpected: 15650 }),
    });
    expect(await screen.findByText('Passages written: 4,500 of 15,650')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Passages written: 4,500 of 15,650' }).getAttribute('aria-valuenow')).toBe(
      String((4500 / 15650) * 100),
    );

    const notice = 'A temporary problem interrupted processing (try 1 of 3). It is tried again in 2 seconds: nothing to do for now.';
    await pushEvent(environment, 'DocumentsTabStatusSubscription', {
      documentStatusChanged: document('d1', 'handbook.txt', 'processing', { chunkCount: 0, chunksExpected: 15650, errorMessage: notice }),
    });
    expect(await screen.findByText(notice)).toBeTruthy();
    expect(screen.getByText('Passages written: 0 of 15,650')).toBeTruthy();

    await pushEvent(environment, 'DocumentsTabStatusSubscription', {
      documentStatusChanged: document('d1', 'handbook.txt', 'completed', { chunkCount: 15650, chunksExpected: 15650 }),
    });
    expect(await screen.findByText(/15,650 passages/)).toBeTruthy();
    expect(screen.queryByText(/Passages written/)).toBeNull();
    expect(screen.queryByText(notice)).toBeNull();
  });

  it('deletes a document only after confirmation', async () => {
    const environment = await renderDocuments();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete faq.md' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/Delete faq\.md\?/)).toBeTruthy();
    expect(() => operationNamed(environment, 'DeleteDocumentDialogMutation')).toThrow();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const operation = operationNamed(environment, 'DeleteDocumentDialogMutation');
    expect(operation.request.variables.id).toBe('d2');
    await act(async () => {
      environment.mock.resolve(operation, { data: { deleteDocument: { __typename: 'DeletedDocumentPayload', deletedId: 'd2' } } });
    });
    await waitFor(() => expect(screen.queryByText('faq.md')).toBeNull());
    expect(screen.getByText('Document Deleted')).toBeTruthy();
    expect(screen.getByText('handbook.pdf')).toBeTruthy();
  });

  it('keeps the document and says Delete Failed when the server refuses', async () => {
    const environment = await renderDocuments();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete faq.md' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await act(async () => {
      environment.mock.resolve(operationNamed(environment, 'DeleteDocumentDialogMutation'), {
        data: { deleteDocument: { __typename: 'NotFoundError', __isError: 'NotFoundError', message: 'Document not found' } },
      });
    });
    expect(await screen.findByText('Delete Failed')).toBeTruthy();
    expect(screen.getByText('Document not found')).toBeTruthy();
    expect(screen.getAllByText('faq.md').length).toBeGreaterThan(0);
  });

  it("shows a document's passages", async () => {
    const environment = await renderDocuments();
    fireEvent.click(await screen.findByRole('button', { name: 'View handbook.pdf' }));
    await resolveOperation(environment, 'DocumentPassagesDialogQuery', {
      Node: () => ({ __typename: 'Document', id: 'd1' }),
      Document: () => ({ id: 'd1' }),
      DocumentPassagesConnection: () => ({
        totalCount: 1,
        edges: [{ cursor: 'p0', node: { ordinal: 0, content: 'Returns are free within 30 days.', page: 2, heading: 'Returns' } }],
      }),
    });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Returns are free within 30 days.')).toBeTruthy();
    expect(within(dialog).getByText('Page 2')).toBeTruthy();
  });
});
