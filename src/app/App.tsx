import { MantineProvider } from '@mantine/core';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { SessionProvider } from '../session/SessionProvider';
import { NotificationArea } from './NotificationArea';
import { routes } from './routes';
import { cssVariablesResolver, theme } from './theme';

export function App() {
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      <NotificationArea />
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </MantineProvider>
  );
}
