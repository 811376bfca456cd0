import { connectLive } from './connect';

/**
 * Makes the live channel try to connect again now, when the app hears that the server answers again after a drop.
 * Firebase waits longer and longer between its own tries (up to minutes after a long drop), so without this a phone
 * would show the current state (read again at once) but hear the next step late. A channel that is connected is
 * left alone.
 */
export async function reconnectLive(): Promise<void> {
  const { database, sdk } = await connectLive();
  const connected = await new Promise<boolean>((resolve) => {
    sdk.onValue(sdk.ref(database, '.info/connected'), (snapshot) => resolve(snapshot.val() === true), { onlyOnce: true });
  });
  if (connected) return;
  // Resuming after an interruption starts Firebase's next try at once, with its shortest wait after it.
  sdk.goOffline(database);
  sdk.goOnline(database);
}
