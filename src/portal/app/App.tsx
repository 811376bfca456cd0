import { MantineProvider } from '@mantine/core';
import { SessionProvider } from '../session/SessionProvider';
import { NotificationArea } from './NotificationArea';
import { Screens } from './shell';
import { theme } from './theme';

export function App() {
  return (
    // The theme's CSS variables and Mantine's responsive classes are a stylesheet (theme-variables.css), not a <style>
    // computed on each render of the provider.
    <MantineProvider theme={theme} defaultColorScheme="auto" withCssVariables={false} withGlobalClasses={false}>
      <NotificationArea />
      <SessionProvider>
        <Screens />
      </SessionProvider>
    </MantineProvider>
  );
}
