import { ChakraProvider } from '@chakra-ui/react';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './routes/router.tsx';
import { SessionProvider } from './session/SessionProvider.tsx';
import { system } from './ui/theme.ts';

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <ChakraProvider value={system}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </ChakraProvider>
  );
}
