import type { TFunction } from 'i18next';
import { toaster } from '../../ui/toaster.tsx';

/** The one failure toast of the customer actions: "Error", with the server's message when it gave one. */
export function actionFailed(t: TFunction, message?: string) {
  toaster.create({ type: 'error', title: t('adminCustomers.toast.error'), description: message || t('adminCustomers.toast.actionFailed') });
}
