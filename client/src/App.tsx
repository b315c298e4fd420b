import { ChakraProvider } from '@chakra-ui/react';
import i18next from 'i18next';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './routes/router.tsx';
import { SessionProvider } from './session/SessionProvider.tsx';
import { system } from './ui/theme.ts';

export function App() {
  const [router] = useState(createAppRouter);
  // Plans and templates come from the server in the interface's language: a switch reloads the screen's data.
  useEffect(() => {
    const reload = () => void router.revalidate();
    i18next.on('languageChanged', reload);
    return () => i18next.off('languageChanged', reload);
  }, [router]);
  return (
    <ChakraProvider value={system}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </ChakraProvider>
  );
}
