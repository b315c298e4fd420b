import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADA, ADMIN_ID, openMenuItem, renderCustomers } from './customersTestKit.tsx';

describe('/admin/customers row menu', () => {
  it('suspends after confirmation and updates the row and the stats cards from the answer', async () => {
    const environment = renderCustomers();
    await openMenuItem('Suspend');
    const dialog = await screen.findByRole('alertdialog', { name: 'Suspend Ada Lovelace?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.variables).toEqual({ customerId: ADA.id, suspend: true });
    act(() =>
      environment.mock.resolve(operation, {
        data: {
          suspendCustomer: {
            __typename: 'CustomerUpdate',
            customer: { id: ADA.id, status: 'suspended' },
            admin: { id: ADMIN_ID, customerStats: { total: 12, active: 5, trial: 3, suspended: 2, inactive: 2 } },
          },
        },
      }),
    );
    const row = screen.getByText('Ada Lovelace').closest('tr')!;
    expect(await within(row).findByText('Suspended')).toBeTruthy();
    // A card is its label's paragraph followed by its figure's.
    const figureOf = (label: string) => screen.getByText(label, { selector: 'p' }).nextElementSibling?.textContent;
    await waitFor(() => expect(figureOf('On trial')).toBe('3'));
    expect(figureOf('Suspended')).toBe('2');
  });
});
