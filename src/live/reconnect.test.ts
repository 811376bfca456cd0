import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reconnectLive } from './reconnect';

const channel = vi.hoisted(() => ({
  connected: false,
  database: { kind: 'database' },
  sdk: {
    ref: vi.fn((_database: unknown, path: string) => path),
    onValue: vi.fn(),
    goOffline: vi.fn(),
    goOnline: vi.fn(),
  },
}));
vi.mock('./connect', () => ({ connectLive: async () => ({ database: channel.database, sdk: channel.sdk }) }));

beforeEach(() => {
  vi.clearAllMocks();
  channel.sdk.onValue.mockImplementation((_path: string, listener: (snapshot: { val(): unknown }) => void) => {
    listener({ val: () => channel.connected });
    return () => undefined;
  });
});

describe('reconnectLive', () => {
  it('makes a disconnected channel try again now', async () => {
    channel.connected = false;
    await reconnectLive();
    expect(channel.sdk.onValue).toHaveBeenCalledWith('.info/connected', expect.any(Function), { onlyOnce: true });
    expect(channel.sdk.goOffline).toHaveBeenCalledWith(channel.database);
    expect(channel.sdk.goOnline).toHaveBeenCalledWith(channel.database);
    expect(channel.sdk.goOffline.mock.invocationCallOrder[0]).toBeLessThan(channel.sdk.goOnline.mock.invocationCallOrder[0]!);
  });

  it('leaves a connected channel alone', async () => {
    channel.connected = true;
    await reconnectLive();
    expect(channel.sdk.goOffline).not.toHaveBeenCalled();
    expect(channel.sdk.goOnline).not.toHaveBeenCalled();
  });
});
