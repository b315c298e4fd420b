import { IconButton, Portal } from '@chakra-ui/react';
import { Menu } from '../../ui/chakra/Menu.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDeleteDialog.tsx';
import { toaster } from '../../ui/toaster.tsx';
import { useFormMutation } from '../../ui/useFormMutation.ts';
import type { CustomerRowMenuFragment$key } from './__generated__/CustomerRowMenuFragment.graphql.ts';
import type { CustomerRowMenuStatusMutation } from './__generated__/CustomerRowMenuStatusMutation.graphql.ts';
import { customerActionFailure } from './customerAction.ts';
import { GrantCreditsDialog } from './GrantCreditsDialog.tsx';
import { SendEmailDialog } from './SendEmailDialog.tsx';

type OpenDialog = 'email' | 'suspend' | 'credits' | null;

// What a status change updates in the store, whichever of the mutation's two fields answered; only
// the store reads it, so the tag stands alone for the compiler.
void graphql`
  fragment CustomerRowMenuStatusChangeFragment on CustomerUpdate {
    customer {
      id
      status
    }
    admin {
      id
      ...CustomerStatsCardsFragment
    }
  }
`;

/** The row's actions: send email, suspend (not an admin) or activate, grant credits. */
export function CustomerRowMenu({ customer }: { customer: CustomerRowMenuFragment$key }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const data = useFragment(
    graphql`
      fragment CustomerRowMenuFragment on Customer {
        id
        name
        email
        role
        status
        creditBalance
      }
    `,
    customer,
  );
  const changeStatus = useFormMutation<CustomerRowMenuStatusMutation>(
    graphql`
      mutation CustomerRowMenuStatusMutation($customerId: ID!, $suspend: Boolean!) {
        suspendCustomer(customerId: $customerId) @include(if: $suspend) {
          ...CustomerRowMenuStatusChangeFragment @alias(as: "update")
          ...MutationErrorFragment @alias(as: "error")
        }
        enableCustomer(customerId: $customerId) @skip(if: $suspend) {
          ...CustomerRowMenuStatusChangeFragment @alias(as: "update")
          ...MutationErrorFragment @alias(as: "error")
        }
      }
    `,
    {
      ...customerActionFailure(t),
    },
  );

  function setSuspended(suspend: boolean) {
    changeStatus.submit({
      variables: { customerId: data.id, suspend },
      onSuccess: () => {
        toaster.create({
          type: 'success',
          title: t(suspend ? 'adminCustomers.toast.suspended' : 'adminCustomers.toast.activated', { email: data.email }),
        });
        setDialog(null);
      },
    });
  }

  const suspended = data.status === 'suspended';
  return (
    <>
      <Menu.Root>
        <Menu.Trigger asChild>
          <IconButton variant="ghost" size="sm" aria-label={t('adminCustomers.menu.label', { name: data.name })}>
            <span aria-hidden="true">⋯</span>
          </IconButton>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content>
              <Menu.Item value="email" onSelect={() => setDialog('email')}>
                {t('adminCustomers.menu.email')}
              </Menu.Item>
              <Menu.Item value="credits" onSelect={() => setDialog('credits')}>
                {t('adminCustomers.menu.credits')}
              </Menu.Item>
              {suspended ? (
                <Menu.Item value="activate" onSelect={() => setSuspended(false)}>
                  {t('adminCustomers.menu.activate')}
                </Menu.Item>
              ) : (
                data.role !== 'ADMIN' && (
                  <Menu.Item value="suspend" color="fg.error" onSelect={() => setDialog('suspend')}>
                    {t('adminCustomers.menu.suspend')}
                  </Menu.Item>
                )
              )}
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      <SendEmailDialog customer={data} open={dialog === 'email'} onClose={() => setDialog(null)} />
      <GrantCreditsDialog customer={data} open={dialog === 'credits'} onClose={() => setDialog(null)} />
      <ConfirmDeleteDialog
        open={dialog === 'suspend'}
        onClose={() => setDialog(null)}
        title={t('adminCustomers.suspend.title', { name: data.name })}
        message={t('adminCustomers.suspend.message', { email: data.email })}
        confirmLabel={t('adminCustomers.menu.suspend')}
        deleting={changeStatus.inFlight}
        onConfirm={() => setSuspended(true)}
      />
    </>
  );
}
