import type { TFunction } from 'i18next';

/** The one failure toast of the customer actions: "Error", with the server's message when it gave one. */
export const customerActionFailure = (t: TFunction) => ({
  failedTitle: t('adminCustomers.toast.error'),
  failedDescription: t('adminCustomers.toast.actionFailed'),
});
