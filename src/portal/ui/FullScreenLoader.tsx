import { Group, Text } from '@mantine/core';
import { PrimaryAction, SecondaryAction } from './actions';
import classes from './FullScreenLoader.module.css';
import { Spokes } from './Spokes';

export interface FullScreenLoaderProps {
  /** The screen being opened, shown above the spinner. */
  title?: string;
  /** When loading has failed and can be tried again, the loader offers these actions. */
  failure?: { message: string; onRetry: () => void; onCancel?: () => void; cancelLabel?: string };
}

/**
 * The whole-screen spinner shown while the session's user is loading (the specification's states). Plain elements, not Mantine's:
 * see FullScreenLoader.module.css. The spinner is the portal's (Spokes), as index.html draws it before.
 */
export function FullScreenLoader({ title, failure }: FullScreenLoaderProps) {
  return (
    <div className={classes.screen}>
      {title && <h1 className={classes.title}>{title}</h1>}
      <Spokes role="status" aria-label="Loading" width="36" height="36" />
      {failure && (
        <>
          <Text ta="center">{failure.message}</Text>
          <Group justify="center">
            <PrimaryAction onClick={failure.onRetry}>Retry</PrimaryAction>
            {failure.onCancel && <SecondaryAction onClick={failure.onCancel}>{failure.cancelLabel ?? 'Cancel'}</SecondaryAction>}
          </Group>
        </>
      )}
    </div>
  );
}
