import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADA, openMenuItem, renderCustomers } from './customersTestKit.tsx';

describe('/admin/customers row menu', () => {
  it('grants credits with a reason, and refuses an amount of 0', async () => {
    const environment = renderCustomers();
    await openMenuItem('Grant credits');
    const dialog = await screen.findByRole('dialog', { name: 'Grant credits to Ada Lovelace' });
    fireEvent.change(within(dialog).getByLabelText(/^Credits/), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Grant credits' }));
    expect(await within(dialog).findByText(/Enter a number of credits above 0/)).toBeTruthy();
    expect(within(dialog).getByText('Enter a reason.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Credits/), { target: { value: '25' } });
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: 'Outage' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Grant credits' }));
    expect(environment.mock.getMostRecentOperation().request.variables).toEqual({ customerId: ADA.id, amount: 25, reason: 'Outage' });
  });
});
