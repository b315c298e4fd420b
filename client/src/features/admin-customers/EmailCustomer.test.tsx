import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADA, openMenuItem, renderCustomers } from './customersTestKit.tsx';

describe('/admin/customers row menu', () => {
  it('requires a subject and a message before sending an email', async () => {
    const environment = renderCustomers();
    await openMenuItem('Send email');
    const dialog = await screen.findByRole('dialog', { name: 'Email Ada Lovelace' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send email' }));
    expect(await within(dialog).findByText('Enter a subject.')).toBeTruthy();
    expect(environment.mock.getAllOperations()).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/^Subject/), { target: { value: 'Hello' } });
    fireEvent.change(within(dialog).getByLabelText(/^Message/), { target: { value: 'Your account is ready.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send email' }));
    expect(environment.mock.getMostRecentOperation().request.variables).toEqual({
      customerId: ADA.id,
      subject: 'Hello',
      message: 'Your account is ready.',
    });
  });
});
