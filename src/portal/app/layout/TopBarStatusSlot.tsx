import { FailedChangeNotifier } from '../../features/sync/FailedChangeNotifier';
import { SyncIndicator } from '../../features/sync/SyncIndicator';

/** The top bar's sync status (online/offline, waiting changes, failures), and the notices of refused changes. */
export function TopBarStatusSlot() {
  return (
    <>
      <SyncIndicator />
      <FailedChangeNotifier />
    </>
  );
}
