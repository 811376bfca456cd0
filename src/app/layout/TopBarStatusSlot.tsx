/**
 * The top bar's place for the sync status indicator (online/offline, waiting changes, failures).
 * The sync work fills it; until then it draws nothing.
 */
export function TopBarStatusSlot() {
  return null;
}
