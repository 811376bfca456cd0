import { describe, expect, it } from 'vitest';
import { ServerClock, timed } from './clock';

describe('ServerClock', () => {
  it('knows nothing before a sample, then puts the server read at the round trip midpoint', () => {
    let phone = 10_000;
    const clock = new ServerClock(() => phone);
    expect(clock.known).toBe(false);
    expect(clock.serverNow()).toBe(10_000);
    // Sent at 10 000, answered at 10 200 with the server's clock at 70 100: offset 60 000.
    clock.sample({ serverTime: 70_100, sentAt: 10_000, receivedAt: 10_200 });
    expect(clock.offset).toBe(60_000);
    phone = 11_000;
    expect(clock.serverNow()).toBe(71_000);
    expect(clock.toLocal(71_000)).toBe(11_000);
  });

  it('trusts the sample with the shortest round trip', () => {
    const clock = new ServerClock(() => 0);
    clock.sample({ serverTime: 5_000, sentAt: 0, receivedAt: 2_000 }); // offset 4 000, ±1 000
    clock.sample({ serverTime: 5_150, sentAt: 100, receivedAt: 140 }); // offset 5 030, ±20
    clock.sample({ serverTime: 9_000, sentAt: 200, receivedAt: 4_200 }); // offset 6 800, ±2 000
    expect(clock.offset).toBe(5_030);
  });

  it('ignores a sample whose round trip went backwards (the phone clock was set)', () => {
    const clock = new ServerClock(() => 0);
    clock.sample({ serverTime: 1_000, sentAt: 0, receivedAt: 0 });
    clock.sample({ serverTime: 99_999, sentAt: 5_000, receivedAt: 1_000 });
    expect(clock.offset).toBe(1_000);
  });

  it('keeps the recent samples only, so a later, better picture replaces an old one', () => {
    const clock = new ServerClock(() => 0);
    clock.sample({ serverTime: 100, sentAt: 0, receivedAt: 0 });
    for (let i = 1; i <= 8; i++) clock.sample({ serverTime: 500 + i * 1000, sentAt: i * 1000, receivedAt: i * 1000 + 10 });
    expect(clock.offset).toBe(495);
  });

  it('timed() feeds it from an answer carrying server_time', async () => {
    let phone = 1_000;
    const clock = new ServerClock(() => phone);
    const answer = await timed(async () => {
      phone = 1_100;
      return { server_time: 3_050 };
    }, clock);
    expect(answer.server_time).toBe(3_050);
    expect(clock.offset).toBe(2_000);
  });
});
