import { createBrowserRouter, type RouteObject } from 'react-router';
import { EDITOR_ROUTE_PATH } from '../features/editor/editorPath.ts';
import { CONVERSATION_ROUTE_PATH, INBOX_PATH } from '../features/inbox/inboxPath.ts';
import { loadCustomerShellQuery } from '../features/shell/CustomerShellQuery.ts';
import { loadFeatureStrings } from '../i18n/index.ts';
import { relayEnvironment } from '../relay/environment.ts';
import { PageSpinner } from '../ui/PageSpinner.tsx';
import { RootLayout } from './RootLayout.tsx';
import { RouteError } from './RouteError.tsx';
import { requireAdmin, requireCustomer } from './guards.ts';

/** A route's module, loaded together with the strings of the features its screens show. */
const withStrings =
  <Module,>(features: string[], load: () => Promise<Module>) =>
  async (): Promise<Module> => {
    const [module] = await Promise.all([load(), loadFeatureStrings(...features)]);
    return module;
  };

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    // What shows while the first page's lazy module and loader run (instead of a blank page and a warning).
    HydrateFallback: PageSpinner,
    children: [
      { path: '/', lazy: withStrings(['landing', 'auth'], () => import('../features/landing/LandingRoute.tsx')) },
      { path: '/demo', lazy: withStrings(['demo', 'auth'], () => import('../features/demo/DemoPage.tsx')) },
      { path: '/verify-email', lazy: withStrings(['verify-email'], () => import('../features/verify-email/VerifyEmailPage.tsx')) },
      {
        path: '/forgot-password',
        lazy: withStrings(['password-reset'], () => import('../features/password-reset/ForgotPasswordPage.tsx')),
      },
      {
        path: '/reset-password',
        lazy: withStrings(['password-reset'], () => import('../features/password-reset/ResetPasswordPage.tsx')),
      },
      {
        path: '/confirm-email-change',
        lazy: withStrings(['email-change'], () => import('../features/email-change/ConfirmEmailChangePage.tsx')),
      },
      { path: '/privacy-policy', lazy: withStrings(['legal'], () => import('../features/legal/PrivacyPolicyPage.tsx')) },
      { path: '/terms-of-service', lazy: withStrings(['legal'], () => import('../features/legal/TermsOfServicePage.tsx')) },
      { path: '/payment-success', lazy: withStrings(['payment'], () => import('../features/payment/PaymentSuccessPage.tsx')) },
      { path: '/payment-cancelled', lazy: withStrings(['payment'], () => import('../features/payment/PaymentCancelledPage.tsx')) },
      {
        // The frame's own data (the inbox's waiting count) starts loading with its module.
        loader: () => {
          requireCustomer();
          return loadCustomerShellQuery(relayEnvironment());
        },
        lazy: () => import('../features/shell/CustomerShell.tsx'),
        children: [
          {
            ErrorBoundary: RouteError,
            children: [
              { path: '/dashboard', lazy: withStrings(['chatbots'], () => import('../features/dashboard/DashboardRoute.tsx')) },
              { path: '/chatbots', lazy: withStrings(['chatbots', 'editor'], () => import('../features/chatbots/ChatbotsRoute.tsx')) },
              {
                path: EDITOR_ROUTE_PATH,
                lazy: withStrings(
                  ['editor', 'knowledge', 'chatbots', 'connections', 'attention'],
                  () => import('../features/editor/EditorRoute.tsx'),
                ),
              },
              { path: '/logs', lazy: withStrings(['logs', 'attention'], () => import('../features/logs/LogsRoute.tsx')) },
              {
                path: INBOX_PATH,
                lazy: withStrings(['inbox'], () => import('../features/inbox/InboxRoute.tsx')),
                // The conversation opened beside the list; the list's route stays, and is not loaded again.
                children: [
                  { path: CONVERSATION_ROUTE_PATH, lazy: withStrings(['inbox'], () => import('../features/inbox/ConversationRoute.tsx')) },
                ],
              },
              {
                path: '/needs-attention',
                lazy: withStrings(['attention', 'logs'], () => import('../features/attention/NeedsAttentionRoute.tsx')),
              },
              { path: '/billing', lazy: withStrings(['billing'], () => import('../features/billing/BillingRoute.tsx')) },
              { path: '/settings', lazy: withStrings(['settings'], () => import('../features/settings/SettingsRoute.tsx')) },
            ],
          },
        ],
      },
      {
        loader: () => requireAdmin(),
        lazy: () => import('../features/admin-shell/AdminShell.tsx'),
        children: [
          {
            ErrorBoundary: RouteError,
            children: [
              {
                path: '/admin/overview',
                // The recent users wear the customers screen's badges.
                lazy: withStrings(['admin-overview', 'admin-customers'], () => import('../features/admin-overview/AdminOverviewRoute.tsx')),
              },
              {
                path: '/admin/system-logs',
                lazy: withStrings(['admin-system-logs'], () => import('../features/admin-system-logs/AdminSystemLogsRoute.tsx')),
              },
              {
                path: '/admin/whatsapp-analytics',
                lazy: withStrings(['admin-whatsapp'], () => import('../features/admin-whatsapp/AdminWhatsAppRoute.tsx')),
              },
              {
                path: '/admin/customers',
                lazy: withStrings(['admin-customers'], () => import('../features/admin-customers/AdminCustomersRoute.tsx')),
              },
              { path: '/admin/plans', lazy: withStrings(['admin-plans'], () => import('../features/admin-plans/AdminPlansRoute.tsx')) },
              {
                path: '/admin/settings',
                lazy: withStrings(['admin-settings'], () => import('../features/admin-settings/AdminSettingsRoute.tsx')),
              },
              {
                path: '/admin/demo-bots',
                lazy: withStrings(['admin-demo-bots'], () => import('../features/admin-demo-bots/AdminDemoBotsRoute.tsx')),
              },
            ],
          },
        ],
      },
      // A path no route claims is the 404 page, with its link home, for everyone, signed in or not (the
      // spec's "any other path"): a silent redirect would hide a broken link. An admin on a customer's
      // page, or a customer on an admin's, is still sent home by the shells' guards.
      { path: '*', lazy: () => import('../features/not-found/NotFoundPage.tsx') },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
