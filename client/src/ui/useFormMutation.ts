import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, type GraphQLTaggedNode, type UseMutationConfig } from 'react-relay';
import type { MutationParameters } from 'relay-runtime';
import type { MutationErrorFragment$key } from './__generated__/MutationErrorFragment.graphql.ts';
import { splitIssues, withoutIssue } from './fieldIssues.ts';
import { readMutationError } from './MutationError.ts';
import { toaster } from './toaster.tsx';

/** A mutation's result as a form reads it: its typed failure, spread as `...MutationErrorFragment @alias(as: "error")`. */
interface FormResult {
  readonly __typename?: string;
  readonly error?: MutationErrorFragment$key | null | undefined;
}

/** A failure a form words itself, by the server's error code: the field it is about and the message's key. */
export interface KnownFailure<Field extends string> {
  field: Field;
  key: string;
}

export interface FormMutationOptions<Field extends string> {
  /** The fields the form shows, to put the server's issues under; none for an action button's mutation. */
  fields?: readonly Field[];
  /** The toast's title for a failure no field shows. */
  failedTitle: string;
  /** The toast's text when the failure brings no message of its own. */
  failedDescription?: string;
  knownFailures?: Readonly<Record<string, KnownFailure<Field>>>;
  /**
   * The success type's name, where the answer's `__typename` is to decide (as the screen's updater
   * does) rather than the presence of the error: a generated test answer carries both.
   */
  successType?: string;
  /** Toast every failure, also one whose issues stand under their fields (a row of inputs with no room to explain). */
  alwaysToast?: boolean;
}

export interface Submission<TMutation extends MutationParameters> {
  variables: TMutation['variables'];
  updater?: UseMutationConfig<TMutation>['updater'];
  /** A change shown at once, which Relay rolls back if the mutation fails. */
  optimisticUpdater?: UseMutationConfig<TMutation>['optimisticUpdater'];
  onSuccess?: (response: TMutation['response']) => void;
  /** After the failure is shown, with the words it was shown with, for a screen that does more (a dialog that says it too). */
  onFailure?: (description: string | undefined) => void;
  /** The toast's title for this submission's failure, where one mutation serves several buttons. */
  failedTitle?: string;
}

/** A mutation's answer is its one root field's (or, where two are `@include`d in turn, the one sent). */
function resultOf(response: object): FormResult {
  return Object.values(response).find((value) => value != null) ?? {};
}

/**
 * A form's mutation: sends it (`submit`), says while it is in flight, and shows its failure: a known
 * code's wording or the server's issues under their fields, anything else in a toast. The issues the
 * form finds itself before sending go in with `setIssues`.
 */
export function useFormMutation<TMutation extends MutationParameters, Field extends string = never>(
  mutation: GraphQLTaggedNode,
  { fields = [], failedTitle, failedDescription, knownFailures = {}, alwaysToast = false, successType }: FormMutationOptions<Field>,
) {
  const { t } = useTranslation();
  const [commit, inFlight] = useMutation<TMutation>(mutation);
  const [issues, setIssues] = useState<Partial<Record<Field, string>>>({});
  // The issues about no field the form shows, for a form that lists them above its fields.
  const [otherIssues, setOtherIssues] = useState<string[]>([]);

  /** Shows a typed failure; returns the words it said. */
  function showFailure(key: MutationErrorFragment$key, title: string): string | undefined {
    const error = readMutationError(key);
    const known = error.code ? knownFailures[error.code] : undefined;
    if (known) {
      const message = t(known.key);
      setIssues({ [known.field]: message } as Partial<Record<Field, string>>);
      return message;
    }
    const { byField, other } = splitIssues(error.issues ?? [], fields);
    setIssues(byField);
    setOtherIssues(other);
    const description = other[0] ?? (error.message || failedDescription);
    if (alwaysToast || other.length > 0 || Object.keys(byField).length === 0) toaster.create({ type: 'error', title, description });
    return description;
  }

  function toastFailure(title: string, description: string | undefined) {
    toaster.create({ type: 'error', title, description });
    return description;
  }

  function submit({
    variables,
    updater,
    optimisticUpdater,
    onSuccess,
    onFailure,
    failedTitle: title = failedTitle,
  }: Submission<TMutation>) {
    commit({
      variables,
      ...(updater ? { updater } : {}),
      ...(optimisticUpdater ? { optimisticUpdater } : {}),
      onCompleted: (response) => {
        const { __typename, error } = resultOf(response);
        const failed = successType === undefined ? Boolean(error) : __typename !== successType;
        if (failed) {
          const description = error ? showFailure(error, title) : toastFailure(title, failedDescription);
          onFailure?.(description);
          return;
        }
        resetIssues();
        onSuccess?.(response);
      },
      onError: (error) => {
        // A request that never got an answer says the screen's own words where it has them.
        const description = toastFailure(title, failedDescription ?? (error.message || undefined));
        onFailure?.(description);
      },
    });
  }

  function resetIssues() {
    setIssues({});
    setOtherIssues([]);
  }

  const clearIssue = (field: Field) => setIssues((current) => withoutIssue(current, field));

  /** A text field's props: its value, its issue, and an edit that takes the issue away. */
  const bindField = (field: Field, value: string, setValue: (value: string) => void) => ({
    value,
    issue: issues[field],
    onChange: (edited: string) => {
      setValue(edited);
      clearIssue(field);
    },
  });

  return { submit, inFlight, issues, otherIssues, setIssues, resetIssues, clearIssue, bindField };
}
