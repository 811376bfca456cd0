import { Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { PrimaryAction, SecondaryAction } from './actions';

export interface FullScreenLoaderProps {
  /** The screen being opened, shown above the spinner. */
  title?: string;
  /** When loading has failed and can be tried again, the loader offers these actions. */
  failure?: { message: string; onRetry: () => void; onCancel?: () => void; cancelLabel?: string };
}

/** The whole-screen spinner shown while the session's user is loading (spec §4). */
export function FullScreenLoader({ title, failure }: FullScreenLoaderProps) {
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center">
        {title && (
          <Title order={1} ta="center">
            {title}
          </Title>
        )}
        <Loader role="status" aria-label="Loading" />
        {failure && (
          <>
            <Text ta="center">{failure.message}</Text>
            <Group justify="center">
              <PrimaryAction onClick={failure.onRetry}>Retry</PrimaryAction>
              {failure.onCancel && <SecondaryAction onClick={failure.onCancel}>{failure.cancelLabel ?? 'Cancel'}</SecondaryAction>}
            </Group>
          </>
        )}
      </Stack>
    </Center>
  );
}
