import type { Client } from '@rally/shared';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

export function App({ client }: { client: Client }) {
  const [router] = useState(createAppRouter);
  return (
    <AppProvider client={client}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
