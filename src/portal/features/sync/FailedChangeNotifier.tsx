import { Anchor, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { showNotice } from '../../ui/notify';
import { useSyncStatus } from '../../store/sync';
import { describeChange, otherFieldErrors } from './change-description';
import { paths } from '../../../lib/paths';

/**
 * Tells the user once about each change the server refused or that conflicts (docs/decisions.md "Offline":
 * nothing fails silently), with the server's message and the way to the Sync screen.
 */
export function FailedChangeNotifier() {
  const { failedEntries, conflictEntries } = useSyncStatus();
  const navigate = useNavigate();
  const told = useRef(new Set<string>());

  useEffect(() => {
    for (const entry of [...failedEntries, ...conflictEntries]) {
      const key = `${entry.opId}:${entry.status}`;
      if (told.current.has(key)) continue;
      told.current.add(key);
      const conflict = entry.status === 'conflict';
      showNotice({
        kind: 'error',
        id: key,
        color: conflict ? 'orange' : 'red',
        autoClose: 10_000,
        title: `${conflict ? 'Conflict' : 'Not saved on the server'}: ${describeChange(entry)}`,
        message: (
          <Stack gap={4}>
            <Text size="sm">
              {conflict ? 'Someone else changed it meanwhile. Choose which version to keep.' : entry.lastError?.message}
            </Text>
            {!conflict &&
              otherFieldErrors(entry.lastError).map((line) => (
                <Text size="sm" key={line}>
                  {line}
                </Text>
              ))}
            <Anchor component="button" type="button" size="sm" onClick={() => navigate(paths.sync())}>
              Open Sync to fix it
            </Anchor>
          </Stack>
        ),
      });
    }
  }, [failedEntries, conflictEntries, navigate]);

  return null;
}
