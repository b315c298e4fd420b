import type { RecordSourceSelectorProxy } from 'relay-runtime';

type PlanCount = 'totalPlans' | 'activePlans';

/** Moves the admin's plan counts by `changes`, so a created or toggled plan shows in the stats without a refetch. */
export function adjustPlanStats(store: RecordSourceSelectorProxy, adminId: string, changes: Partial<Record<PlanCount, number>>) {
  const stats = store.get(adminId)?.getLinkedRecord('planStats');
  if (!stats) return;
  for (const [field, change] of Object.entries(changes)) {
    const current = stats.getValue(field);
    if (typeof current === 'number') stats.setValue(current + change, field);
  }
}
