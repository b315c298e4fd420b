import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../test/render.tsx';
import { FilePicker } from './FilePicker.tsx';

describe('FilePicker', () => {
  it('is a file input named by its label, reporting every pick, the same file picked again too', async () => {
    const onFiles = vi.fn();
    renderRoute(<FilePicker label="Choisir des documents" multiple accept=".txt" onFiles={onFiles} />);
    const input = (await screen.findByLabelText('Choisir des documents')) as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.multiple).toBe(true);
    expect(input.accept).toBe('.txt');

    const notes = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    const more = new File(['more'], 'more.txt', { type: 'text/plain' });
    await userEvent.upload(input, [notes, more]);
    expect(onFiles).toHaveBeenLastCalledWith([notes, more]);
    // Emptied after each pick: the browser reports a file picked again only from an empty input.
    expect(input.value).toBe('');
    await userEvent.upload(input, notes);
    expect(onFiles).toHaveBeenCalledTimes(2);
    expect(onFiles).toHaveBeenLastCalledWith([notes]);
  });

  it('takes the id a field label of its own points at', async () => {
    renderRoute(
      <>
        <label htmlFor="logo-input">Logo</label>
        <FilePicker id="logo-input" label="Choose an image" onFiles={() => {}} />
      </>,
    );
    expect(((await screen.findByLabelText('Logo')) as HTMLInputElement).type).toBe('file');
    expect(screen.getByLabelText('Choose an image')).toBe(screen.getByLabelText('Logo'));
  });
});
