import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '../ui/PageSpinner.tsx';
import { Toaster } from '../ui/toaster.tsx';

export function RootLayout() {
  return (
    <>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
      <Toaster />
    </>
  );
}
