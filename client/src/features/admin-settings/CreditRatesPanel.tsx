import { HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Table } from '../../ui/chakra/Table.ts';
import { useTranslation } from 'react-i18next';
import { ItemActionButton } from '../../ui/ItemActionButton.tsx';
import { useFormat } from '../../i18n/format.ts';
import { graphql, useFragment } from 'react-relay';
import { DeleteMutationDialog } from '../../ui/ConfirmDeleteDialog.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useFormMutation } from '../../ui/useFormMutation.ts';
import type { CreditRatesPanelCreateMutation } from './__generated__/CreditRatesPanelCreateMutation.graphql.ts';
import type { CreditRatesPanelDeleteMutation } from './__generated__/CreditRatesPanelDeleteMutation.graphql.ts';
import type { CreditRatesPanelFragment$key } from './__generated__/CreditRatesPanelFragment.graphql.ts';
import type { CreditRatesPanelUpdateMutation } from './__generated__/CreditRatesPanelUpdateMutation.graphql.ts';
import { EditFormActions } from '../../ui/EditFormActions.tsx';
import { SectionCard } from '../../ui/SectionCard.tsx';
import { appendToList, removeFromList, useEditableList } from '../../ui/useEditableList.ts';

interface Rate {
  readonly id: string;
  readonly usageType: string;
  readonly unitName: string;
  readonly costPerUnit: number;
}

const RATE_FIELDS = ['usageType', 'unitName', 'costPerUnit'] as const;
type RateField = (typeof RATE_FIELDS)[number];
type Draft = Record<RateField, string>;

const EMPTY: Draft = { usageType: '', unitName: '', costPerUnit: '' };

// One rate as the table lists it and its create and update answer it, so the store keeps the row current.
graphql`
  fragment CreditRatesPanelRateFragment on CreditRate {
    id
    usageType
    unitName
    costPerUnit
  }
`;

/** The cost as a number of at least 0, or null. */
export function parseCost(text: string): number | null {
  const cleaned = text.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(cleaned)) return null;
  return Number(cleaned);
}

type RateProblem = 'required' | 'costInvalid';

function problemsOf(draft: Draft): Partial<Record<RateField, RateProblem>> {
  const problems: Partial<Record<RateField, RateProblem>> = {};
  if (draft.usageType.trim() === '') problems.usageType = 'required';
  if (draft.unitName.trim() === '') problems.unitName = 'required';
  if (parseCost(draft.costPerUnit) === null) problems.costPerUnit = 'costInvalid';
  return problems;
}

/**
 * The credit rates, and one form to add a rate or update the one picked in the list: picking a row
 * switches the form to update mode; after a save it is cleared and back in add mode.
 */
export function CreditRatesPanel({ query }: { query: CreditRatesPanelFragment$key }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { creditRates } = useFragment(
    graphql`
      fragment CreditRatesPanelFragment on Query {
        creditRates {
          ...CreditRatesPanelRateFragment @relay(mask: false)
        }
      }
    `,
    query,
  );
  const saveOptions = { fields: RATE_FIELDS, failedTitle: t('adminSettings.rates.saveFailed'), alwaysToast: true };
  const create = useFormMutation<CreditRatesPanelCreateMutation, RateField>(
    graphql`
      mutation CreditRatesPanelCreateMutation($input: CreditRateInput!) {
        createCreditRate(input: $input) {
          ... on CreditRate {
            id
          }
          ...CreditRatesPanelRateFragment @alias
          ...MutationErrorFragment @alias(as: "error")
        }
      }
    `,
    saveOptions,
  );
  const update = useFormMutation<CreditRatesPanelUpdateMutation, RateField>(
    graphql`
      mutation CreditRatesPanelUpdateMutation($id: ID!, $input: CreditRateInput!) {
        updateCreditRate(id: $id, input: $input) {
          ...CreditRatesPanelRateFragment @alias
          ...MutationErrorFragment @alias(as: "error")
        }
      }
    `,
    saveOptions,
  );

  const { editing, draft, deleting, setDeleting, field, startAdding, pick, beginSubmit, saved, forget } = useEditableList<Rate, RateField>({
    empty: EMPTY,
    draftOf: (rate) => ({ usageType: rate.usageType, unitName: rate.unitName, costPerUnit: String(rate.costPerUnit) }),
    problemsOf: (next) =>
      Object.fromEntries(Object.entries(problemsOf(next)).map(([name, problem]) => [name, t(`adminSettings.rates.${problem}`)])),
    create,
    update,
  });

  function submit() {
    if (!beginSubmit()) return;
    const input = { usageType: draft.usageType.trim(), unitName: draft.unitName.trim(), costPerUnit: parseCost(draft.costPerUnit) };
    if (editing) {
      update.submit({ variables: { id: editing.id, input }, onSuccess: saved(t('adminSettings.rates.updated')) });
      return;
    }
    create.submit({
      variables: { input },
      updater: (store, response) => {
        const id = response?.createCreditRate.id;
        if (id) appendToList(store, store.getRoot(), 'creditRates', id);
      },
      onSuccess: saved(t('adminSettings.rates.added')),
    });
  }

  return (
    <Stack gap="6">
      <SectionCard titleId="credit-rates-title" title={t('adminSettings.rates.title')} gap="3">
        <Text fontSize="sm" color="fg.muted">
          {t('adminSettings.rates.help')}
        </Text>
        {creditRates.length === 0 ? (
          <Text color="fg.muted">{t('adminSettings.rates.empty')}</Text>
        ) : (
          <Table.ScrollArea borderWidth="1px" rounded="md">
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('adminSettings.rates.usageType')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('adminSettings.rates.unitName')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('adminSettings.rates.costPerUnit')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('adminSettings.rates.actions')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {creditRates.map((rate) => {
                  const names = { usageType: rate.usageType, unitName: rate.unitName };
                  return (
                    <Table.Row
                      key={rate.id}
                      aria-current={editing?.id === rate.id ? 'true' : undefined}
                      bg={editing?.id === rate.id ? 'brand.subtle' : undefined}
                    >
                      <Table.Cell>{rate.usageType}</Table.Cell>
                      <Table.Cell>{rate.unitName}</Table.Cell>
                      <Table.Cell textAlign="end">{format(rate.costPerUnit, 'number', { maximumFractionDigits: 4 })}</Table.Cell>
                      <Table.Cell textAlign="end">
                        <HStack gap="1" justify="end">
                          <ItemActionButton
                            text={t('adminSettings.rates.edit')}
                            label={t('adminSettings.rates.editLabel', names)}
                            onClick={() => pick(rate)}
                            size="xs"
                          />
                          <ItemActionButton
                            text={t('adminSettings.rates.delete')}
                            label={t('adminSettings.rates.deleteLabel', names)}
                            onClick={() => setDeleting(rate)}
                            destructive
                            size="xs"
                          />
                        </HStack>
                      </Table.Cell>
                    </Table.Row>
                  );
                })}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </SectionCard>

      <SectionCard
        titleId="credit-rate-form-title"
        title={
          editing
            ? t('adminSettings.rates.updateTitle', { usageType: editing.usageType, unitName: editing.unitName })
            : t('adminSettings.rates.addTitle')
        }
        level="h3"
        onSubmit={() => submit()}
      >
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <TextField
            label={t('adminSettings.rates.usageType')}
            required
            maxLength={50}
            {...field('usageType')}
            helper={t('adminSettings.rates.usageTypeHelp')}
          />
          <TextField
            label={t('adminSettings.rates.unitName')}
            required
            maxLength={50}
            {...field('unitName')}
            helper={t('adminSettings.rates.unitNameHelp')}
          />
          <TextField label={t('adminSettings.rates.costPerUnit')} required inputMode="decimal" {...field('costPerUnit')} />
        </SimpleGrid>
        <EditFormActions
          editing={editing !== null}
          submitting={create.inFlight || update.inFlight}
          addLabel={t('adminSettings.rates.add')}
          updateLabel={t('adminSettings.rates.update')}
          cancelLabel={t('adminSettings.rates.cancelEdit')}
          onCancel={startAdding}
        />
      </SectionCard>

      {deleting && (
        <DeleteMutationDialog<CreditRatesPanelDeleteMutation>
          open
          onClose={() => setDeleting(null)}
          mutation={graphql`
            mutation CreditRatesPanelDeleteMutation($id: ID!) {
              deleteCreditRate(id: $id) {
                ... on DeletedCreditRatePayload {
                  deletedId
                }
                ...MutationErrorFragment @alias(as: "error")
              }
            }
          `}
          variables={{ id: deleting.id }}
          updater={(store, response) => {
            if (response?.deleteCreditRate.deletedId) removeFromList(store, store.getRoot(), 'creditRates', deleting.id);
          }}
          copy={{
            title: t('adminSettings.rates.deleteTitle'),
            message: t('adminSettings.rates.deleteMessage', { usageType: deleting.usageType, unitName: deleting.unitName }),
            confirmLabel: t('adminSettings.rates.deleteConfirm'),
          }}
          failed={{ title: t('adminSettings.rates.deleteFailed') }}
          deleted={{ title: t('adminSettings.rates.deleted') }}
          onDeleted={() => forget(deleting)}
        />
      )}
    </Stack>
  );
}
