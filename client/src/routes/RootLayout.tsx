import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '../ui/PageSpinner.tsx';

// Toasts only follow what a user does, so their code loads after the first page shows.
const Toaster = lazy(() => import('../ui/toaster.tsx').then(({ Toaster }) => ({ default: Toaster })));

export function RootLayout() {
  return (
    <>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
      <Suspense>
        <Toaster />
      </Suspense>
    </>
  );
}
