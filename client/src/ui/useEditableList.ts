import { useState } from 'react';
import type { RecordProxy, RecordSourceSelectorProxy } from 'relay-runtime';
import { toaster } from './toaster.tsx';

/** The part of a form mutation the editable list needs: the server's issues under the fields. */
interface SaveMutation<Field extends string> {
  readonly issues: Partial<Record<Field, string>>;
  setIssues: (issues: Partial<Record<Field, string>>) => void;
}

/**
 * The state of a list with one form beside it that adds an item, or updates the one picked: the
 * draft, whether a submit was tried (so required-field messages show only after one), the item
 * waiting for delete confirmation, and the server issues of whichever save the form is in.
 */
export function useEditableList<Item extends { readonly id: string }, Field extends string>({
  empty,
  draftOf,
  problemsOf,
  create,
  update,
}: {
  empty: Record<Field, string>;
  draftOf: (item: Item) => Record<Field, string>;
  /** What the form itself finds wrong with a draft, worded, by field; shown once a submit was tried. */
  problemsOf: (draft: Record<Field, string>) => Partial<Record<Field, string>>;
  create: SaveMutation<Field>;
  update: SaveMutation<Field>;
}) {
  const [editing, setEditing] = useState<Item | null>(null);
  const [draft, setDraft] = useState(empty);
  const [tried, setTried] = useState(false);
  const [deleting, setDeleting] = useState<Item | null>(null);

  const serverProblems = editing ? update.issues : create.issues;
  const change = (field: Field) => (value: string) => setDraft((current) => ({ ...current, [field]: value }));
  const problems = problemsOf(draft);
  /** A field's props: its value, its edit, and its issue (the form's own once a submit was tried, else the server's). */
  const field = (name: Field) => ({
    value: draft[name],
    onChange: change(name),
    issue: (tried ? problems[name] : undefined) ?? serverProblems[name],
  });

  function clearServerProblems() {
    create.setIssues({});
    update.setIssues({});
  }

  function startAdding() {
    setEditing(null);
    setDraft(empty);
    setTried(false);
    clearServerProblems();
  }

  function pick(item: Item) {
    setEditing(item);
    setDraft(draftOf(item));
    setTried(false);
    clearServerProblems();
  }

  /** Marks the submit as tried and clears the last save's issues; says whether the draft may be sent. */
  function beginSubmit(): boolean {
    setTried(true);
    clearServerProblems();
    return Object.keys(problems).length === 0;
  }

  /** A save's `onSuccess`: says so, and the form is back to adding. */
  const saved = (title: string) => () => {
    toaster.create({ type: 'success', title });
    startAdding();
  };

  /** Once an item is deleted: the form lets it go if it held it. */
  const forget = (item: Item) => {
    if (editing?.id === item.id) startAdding();
  };

  return { editing, draft, deleting, setDeleting, field, startAdding, pick, beginSubmit, saved, forget };
}

/** Adds the record `id` (a create's answer, already in the store) at the end of `owner`'s list `field`. */
export function appendToList(store: RecordSourceSelectorProxy, owner: RecordProxy | null | undefined, field: string, id: string) {
  const record = store.get(id);
  if (record && owner) owner.setLinkedRecords([...(owner.getLinkedRecords(field) ?? []), record], field);
}

/** Takes the record `id` out of `owner`'s list `field` and out of the store. */
export function removeFromList(store: RecordSourceSelectorProxy, owner: RecordProxy | null | undefined, field: string, id: string) {
  const list = owner?.getLinkedRecords(field) ?? [];
  owner?.setLinkedRecords(
    list.filter((record) => record?.getDataID() !== id),
    field,
  );
  store.delete(id);
}
