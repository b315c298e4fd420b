import { createBrowserRouter, type RouteObject } from 'react-router';
import { RootLayout } from './RootLayout.tsx';
import { RouteError } from './RouteError.tsx';
import { requireCustomer } from './guards.ts';

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    children: [
      { path: '/', lazy: () => import('../features/landing/LandingRoute.tsx') },
      { path: '/demo', lazy: () => import('../features/demo/DemoPage.tsx') },
      { path: '/verify-email', lazy: () => import('../features/verify-email/VerifyEmailPage.tsx') },
      { path: '/privacy-policy', lazy: () => import('../features/legal/PrivacyPolicyPage.tsx') },
      { path: '/terms-of-service', lazy: () => import('../features/legal/TermsOfServicePage.tsx') },
      { path: '/payment-success', lazy: () => import('../features/payment/PaymentSuccessPage.tsx') },
      { path: '/payment-cancelled', lazy: () => import('../features/payment/PaymentCancelledPage.tsx') },
      {
        loader: () => requireCustomer(),
        lazy: () => import('../features/shell/CustomerShell.tsx'),
        children: [
          {
            ErrorBoundary: RouteError,
            children: [
              { path: '/dashboard', lazy: () => import('../features/dashboard/DashboardRoute.tsx') },
              { path: '/chatbots', lazy: () => import('../features/chatbots/ChatbotsRoute.tsx') },
              { path: '/logs', lazy: () => import('../features/logs/LogsRoute.tsx') },
            ],
          },
        ],
      },
      { path: '*', lazy: () => import('../features/not-found/NotFoundPage.tsx') },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
