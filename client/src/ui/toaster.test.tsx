import { act, render, screen, waitFor } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { afterEach, describe, expect, it } from 'vitest';
import { system } from './theme.ts';
import { Toaster, toaster } from './toaster.tsx';

function renderToaster() {
  render(
    <ChakraProvider value={system}>
      <Toaster />
    </ChakraProvider>,
  );
}

// The store outlives each test's render: empty it, or the next test's toasts would queue behind these.
afterEach(() => act(() => toaster.remove()));

describe('the toaster', () => {
  it('shows three toasts at most; the next waits for one to close', async () => {
    renderToaster();
    act(() => {
      for (const title of ['First', 'Second', 'Third', 'Fourth']) toaster.create({ type: 'info', title });
    });
    expect(await screen.findByText('Third')).toBeTruthy();
    expect(screen.queryByText('Fourth')).toBeNull();
  });

  it('closes the error toasts still showing when a success comes', async () => {
    renderToaster();
    act(() => {
      toaster.create({ type: 'error', title: 'Save failed' });
    });
    expect(await screen.findByText('Save failed')).toBeTruthy();
    act(() => {
      toaster.create({ type: 'success', title: 'Saved' });
    });
    expect(await screen.findByText('Saved')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Save failed')).toBeNull());
  });
});
