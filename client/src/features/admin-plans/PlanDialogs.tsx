import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment, useMutation } from 'react-relay';
import type { RecordSourceSelectorProxy } from 'relay-runtime';
import { splitIssues, type FieldIssue } from '../../ui/fieldIssues.ts';
import { toaster } from '../../ui/toaster.tsx';
import type { EditPlanDialogFragment$key } from './__generated__/EditPlanDialogFragment.graphql.ts';
import type { PlanDialogsCreateMutation } from './__generated__/PlanDialogsCreateMutation.graphql.ts';
import type { PlanDialogsUpdateMutation } from './__generated__/PlanDialogsUpdateMutation.graphql.ts';
import { createInput, draftOfPlan, editInput, newPlanDraft, PLAN_FIELDS, type PlanDraft } from './planForm.ts';
import { NO_SERVER_PROBLEMS, PlanFormDialog, type ServerProblems } from './PlanFormDialog.tsx';
import { adjustPlanStats } from './planStore.ts';

type Outcome = { readonly __typename: string; readonly message?: string; readonly issues?: ReadonlyArray<FieldIssue> };

/** Handles a plan mutation's answer: false (with the server's problems shown and a toast) unless it is the plan. */
function useOutcome(failureFallback: string) {
  const { t } = useTranslation();
  const [server, setServer] = useState<ServerProblems>(NO_SERVER_PROBLEMS);
  const fail = (message?: string, issues: ReadonlyArray<FieldIssue> = []) => {
    setServer(splitIssues(issues, PLAN_FIELDS));
    toaster.create({ type: 'error', title: t('adminPlans.toast.error'), description: message || failureFallback });
  };
  return {
    server,
    reset: () => setServer(NO_SERVER_PROBLEMS),
    fail,
    succeeded(result: Outcome): boolean {
      if (result.__typename === 'PaymentPlan') return true;
      fail(result.message, result.issues);
      return false;
    },
  };
}

/** Creates a plan; it joins the price list and the stats count it, without fetching either again. */
export function CreatePlanDialog({ adminId, open, onClose }: { adminId: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const outcome = useOutcome(t('adminPlans.toast.createFailed'));
  const [commit, creating] = useMutation<PlanDialogsCreateMutation>(graphql`
    mutation PlanDialogsCreateMutation($input: PaymentPlanInput!) {
      createPaymentPlan(input: $input) {
        __typename
        ... on PaymentPlan {
          id
          name
          isActive
          ...AdminPlanCardFragment @alias
        }
        ... on ValidationError {
          issues {
            path
            message
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);

  function submit(draft: PlanDraft) {
    outcome.reset();
    commit({
      variables: { input: createInput(draft) },
      updater: (store: RecordSourceSelectorProxy, response) => {
        const result = response?.createPaymentPlan;
        if (result?.__typename !== 'PaymentPlan' || !result.id) return;
        const plan = store.get(result.id);
        const root = store.getRoot();
        const plans = root.getLinkedRecords('paymentPlans', { includeInactive: true });
        if (plan && plans) root.setLinkedRecords([...plans, plan], 'paymentPlans', { includeInactive: true });
        adjustPlanStats(store, adminId, { totalPlans: 1, activePlans: result.isActive ? 1 : 0 });
      },
      onCompleted: ({ createPaymentPlan: result }) => {
        if (!outcome.succeeded(result)) return;
        if (result.__typename === 'PaymentPlan') {
          toaster.create({
            type: 'success',
            title: t('adminPlans.toast.created'),
            description: t('adminPlans.toast.createdDescription', { name: result.name }),
          });
        }
        onClose();
      },
      onError: (error) => outcome.fail(error.message),
    });
  }

  return (
    <PlanFormDialog
      open={open}
      onClose={() => {
        outcome.reset();
        onClose();
      }}
      mode="create"
      title={t('adminPlans.form.createTitle')}
      initial={newPlanDraft()}
      submitting={creating}
      server={outcome.server}
      onSubmit={submit}
    />
  );
}

/** Edits a plan's name, price, description, features and bot limit (and widget limit) or credit amount; the card shows the answer. */
export function EditPlanDialog({ plan, open, onClose }: { plan: EditPlanDialogFragment$key; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const data = useFragment(
    graphql`
      fragment EditPlanDialogFragment on PaymentPlan {
        id
        name
        description
        type
        price
        billingPeriod
        botLimit
        widgetMessagesPerMinute
        creditAmount
        features
      }
    `,
    plan,
  );
  const outcome = useOutcome(t('adminPlans.toast.updateFailed'));
  const [commit, saving] = useMutation<PlanDialogsUpdateMutation>(graphql`
    mutation PlanDialogsUpdateMutation($id: ID!, $input: PaymentPlanInput!) {
      updatePaymentPlan(id: $id, input: $input) {
        __typename
        ... on PaymentPlan {
          id
          name
          ...AdminPlanCardFragment @alias
        }
        ... on ValidationError {
          issues {
            path
            message
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);

  function submit(draft: PlanDraft) {
    outcome.reset();
    commit({
      variables: { id: data.id, input: editInput(draft) },
      onCompleted: ({ updatePaymentPlan: result }) => {
        if (!outcome.succeeded(result)) return;
        if (result.__typename === 'PaymentPlan') {
          toaster.create({
            type: 'success',
            title: t('adminPlans.toast.updated'),
            description: t('adminPlans.toast.updatedDescription', { name: result.name }),
          });
        }
        onClose();
      },
      onError: (error) => outcome.fail(error.message),
    });
  }

  return (
    <PlanFormDialog
      open={open}
      onClose={() => {
        outcome.reset();
        onClose();
      }}
      mode="edit"
      title={t('adminPlans.form.editTitle', { name: data.name })}
      initial={draftOfPlan(data)}
      submitting={saving}
      server={outcome.server}
      onSubmit={submit}
    />
  );
}
