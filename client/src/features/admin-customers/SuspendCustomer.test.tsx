import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADA, openMenuItem, renderCustomers } from './customersTestKit.tsx';

describe('/admin/customers row menu', () => {
  it('suspends after confirmation and updates the row from the answer', async () => {
    const environment = renderCustomers();
    await openMenuItem('Suspend');
    const dialog = await screen.findByRole('alertdialog', { name: 'Suspend Ada Lovelace?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.variables).toEqual({ customerId: ADA.id, suspend: true });
    act(() =>
      environment.mock.resolve(operation, {
        data: { suspendCustomer: { __typename: 'Customer', id: ADA.id, status: 'suspended' } },
      }),
    );
    const row = screen.getByText('Ada Lovelace').closest('tr')!;
    expect(await within(row).findByText('Suspended')).toBeTruthy();
  });
});
