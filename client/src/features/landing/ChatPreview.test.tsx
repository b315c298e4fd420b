import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../test/render.tsx';
import { ChatPreview, PREVIEW_REPLY_DELAY_MS } from './ChatPreview.tsx';

describe('ChatPreview', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('answers a question with a canned reply after 1500 ms', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.3);
    renderRoute(<ChatPreview />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'What can you do?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('What can you do?')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(PREVIEW_REPLY_DELAY_MS - 1));
    expect(screen.queryByText(/Upload PDFs/)).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByText(/Upload PDFs/)).toBeTruthy();
  });

  it('ignores empty input', async () => {
    renderRoute(<ChatPreview />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await act(() => vi.advanceTimersByTimeAsync(PREVIEW_REPLY_DELAY_MS));
    expect(screen.getAllByText(/./, { selector: 'p' })).toHaveLength(1);
  });
});
