import { MantineProvider } from '@mantine/core';
import { SessionProvider } from '../session/SessionProvider';
import { NotificationArea } from './NotificationArea';
import { Screens } from './shell';
import { cssVariablesResolver, theme } from './theme';

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      <NotificationArea />
      <SessionProvider>
        <Screens />
      </SessionProvider>
    </MantineProvider>
  );
}
