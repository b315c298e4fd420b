import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../../test/axe.ts';
import { renderCustomers } from './customersTestKit.tsx';
import { parseCreditAmount } from './GrantCreditsDialog.tsx';

describe('/admin/customers', () => {
  it('shows the stats and the customer row with badges and figures', async () => {
    renderCustomers();
    expect(await screen.findByText('Ada Lovelace')).toBeTruthy();
    expect(screen.getByText('ada@example.org')).toBeTruthy();
    expect(screen.getByText('On trial').nextElementSibling?.textContent).toBe('4');
    const row = screen.getByText('Ada Lovelace').closest('tr')!;
    expect(within(row).getByText('Pro')).toBeTruthy();
    expect(within(row).getByText('Trial')).toBeTruthy();
    expect(within(row).getByText('Never')).toBeTruthy();
    expect(within(row).getByText('$19.00')).toBeTruthy();
  });

  it('refetches with the search and the status filter', async () => {
    const environment = renderCustomers();
    await screen.findByText('Ada Lovelace');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by name or email' }), { target: { value: ' ada ' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'suspended' } });
    await waitFor(() => expect(environment.mock.getAllOperations()).toHaveLength(1), { timeout: 2000 });
    expect(environment.mock.getMostRecentOperation().request.variables).toMatchObject({ search: 'ada', status: 'suspended' });
  });

  it('has no serious accessibility violation', async () => {
    renderCustomers();
    await screen.findByText('Ada Lovelace');
    expect(await seriousViolations()).toEqual([]);
  });
});

describe('parseCreditAmount', () => {
  it.each([
    ['25', 25],
    [' 1.5 ', 1.5],
    ['0.0001', 0.0001],
    ['0', null],
    ['-3', null],
    ['1.23456', null],
    ['ten', null],
    ['2000000', null],
  ])('%s is %s', (text, amount) => {
    expect(parseCreditAmount(text)).toBe(amount);
  });
});
