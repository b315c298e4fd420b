import { useTranslation } from 'react-i18next';
import { graphql, useFragment, type GraphQLTaggedNode } from 'react-relay';
import type { MutationParameters, RecordSourceSelectorProxy } from 'relay-runtime';
import { toaster } from '../../ui/toaster.tsx';
import { useFormMutation, type Submission } from '../../ui/useFormMutation.ts';
import type { EditPlanDialogFragment$key } from './__generated__/EditPlanDialogFragment.graphql.ts';
import type { PlanDialogsCreateMutation } from './__generated__/PlanDialogsCreateMutation.graphql.ts';
import type { PlanDialogsUpdateMutation } from './__generated__/PlanDialogsUpdateMutation.graphql.ts';
import { createInput, draftOfPlan, editInput, newPlanDraft, PLAN_FIELDS, type PlanDraft, type PlanField } from './planForm.ts';
import { PlanFormDialog, type ServerProblems } from './PlanFormDialog.tsx';
import { adjustPlanStats } from './planStore.ts';

/**
 * The plan dialogs' mutation: failures shown under the plan form's fields, above them, and in a
 * toast; a success toasted and the dialog closed. `dialog` is the form dialog's share of it.
 */
function usePlanMutation<TMutation extends MutationParameters>(
  mutation: GraphQLTaggedNode,
  failureFallback: string,
  { open, onClose }: { open: boolean; onClose: () => void },
) {
  const { t } = useTranslation();
  const plan = useFormMutation<TMutation, PlanField>(mutation, {
    fields: PLAN_FIELDS,
    failedTitle: t('adminPlans.toast.error'),
    failedDescription: failureFallback,
    alwaysToast: true,
  });
  const server: ServerProblems = { byField: plan.issues, other: plan.otherIssues };
  const close = () => {
    plan.resetIssues();
    onClose();
  };
  const saved = (title: string, description: string) => {
    toaster.create({ type: 'success', title, description });
    onClose();
  };
  const submit = (submission: Submission<TMutation>) => {
    plan.resetIssues();
    plan.submit(submission);
  };
  return { submit, saved, dialog: { open, onClose: close, submitting: plan.inFlight, server } };
}

/** Creates a plan; it joins the price list and the stats count it, without fetching either again. */
export function CreatePlanDialog({ adminId, open, onClose }: { adminId: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const outcome = usePlanMutation<PlanDialogsCreateMutation>(
    graphql`
      mutation PlanDialogsCreateMutation($input: PaymentPlanInput!) {
        createPaymentPlan(input: $input) {
          __typename
          ... on PaymentPlan {
            id
            name
            isActive
            ...AdminPlanCardFragment @alias
          }
          ...MutationErrorFragment @alias(as: "error")
        }
      }
    `,
    t('adminPlans.toast.createFailed'),
    { open, onClose },
  );

  function submit(draft: PlanDraft) {
    outcome.submit({
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
      onSuccess: ({ createPaymentPlan: result }) =>
        outcome.saved(t('adminPlans.toast.created'), t('adminPlans.toast.createdDescription', { name: result.name })),
    });
  }

  return (
    <PlanFormDialog {...outcome.dialog} mode="create" title={t('adminPlans.form.createTitle')} initial={newPlanDraft()} onSubmit={submit} />
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
        crawlSchedules
        creditAmount
        features
      }
    `,
    plan,
  );
  const outcome = usePlanMutation<PlanDialogsUpdateMutation>(
    graphql`
      mutation PlanDialogsUpdateMutation($id: ID!, $input: PaymentPlanInput!) {
        updatePaymentPlan(id: $id, input: $input) {
          __typename
          ... on PaymentPlan {
            id
            name
            ...AdminPlanCardFragment @alias
          }
          ...MutationErrorFragment @alias(as: "error")
        }
      }
    `,
    t('adminPlans.toast.updateFailed'),
    { open, onClose },
  );

  function submit(draft: PlanDraft) {
    outcome.submit({
      variables: { id: data.id, input: editInput(draft) },
      onSuccess: ({ updatePaymentPlan: result }) =>
        outcome.saved(t('adminPlans.toast.updated'), t('adminPlans.toast.updatedDescription', { name: result.name })),
    });
  }

  return (
    <PlanFormDialog
      {...outcome.dialog}
      mode="edit"
      title={t('adminPlans.form.editTitle', { name: data.name })}
      initial={draftOfPlan(data)}
      onSubmit={submit}
    />
  );
}
