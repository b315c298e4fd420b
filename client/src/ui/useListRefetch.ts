import { startTransition, useEffect, useRef, useState, useTransition } from 'react';
import type { Variables } from 'relay-runtime';

/** A paginated list's `refetch`, as `usePaginationFragment` gives it. */
type Refetch = (variables: Variables, options: { fetchPolicy: 'store-and-network' }) => unknown;

/**
 * A list's filters, applied at once: the list refetches with the variables the filters make, and
 * says it is `filtering` (the old rows stay, dimmed) until the new ones come.
 */
export function useListFilters<Filters>(initial: Filters, refetch: Refetch, variablesOf: (filters: Filters) => Variables) {
  const [filters, setFilters] = useState(initial);
  const [filtering, startFiltering] = useTransition();

  function applyFilters(next: Filters) {
    setFilters(next);
    startFiltering(() => {
      refetch(variablesOf(next), { fetchPolicy: 'store-and-network' });
    });
  }

  return { filters, applyFilters, filtering };
}

const TYPING_PAUSE_MS = 300;

/** Refetches a list once its variables have stood still for a moment, so typing in a search box asks once. */
export function useSettledRefetch(variables: Variables, refetch: Refetch) {
  const wanted = JSON.stringify(variables);
  const applied = useRef(wanted);

  useEffect(() => {
    if (wanted === applied.current) return undefined;
    const timer = setTimeout(() => {
      applied.current = wanted;
      startTransition(() => {
        refetch(JSON.parse(wanted) as Variables, { fetchPolicy: 'store-and-network' });
      });
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [wanted, refetch]);
}
