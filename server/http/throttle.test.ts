import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/support';
import { joinThrottle } from './throttle';

let server: TestServer;
beforeEach(async () => {
  server = await createTestServer();
});
afterEach(() => server.close());

const limits = { perTarget: { points: 5, duration: 60 }, perAddress: { points: 3, duration: 60 } };

describe('the join-code throttle (rate-limiter-flexible over the database)', () => {
  it('refuses an address after its wrong codes, with the wait, until the window passes', async () => {
    const throttle = joinThrottle(server.db, server.clock, limits);
    for (let i = 0; i < 3; i += 1) {
      await throttle.check('quiz:1', '10.0.0.1');
      await throttle.wrongCode('quiz:1', '10.0.0.1');
    }
    await expect(throttle.check('quiz:1', '10.0.0.1')).rejects.toMatchObject({
      statusCode: 429,
      body: { detail: 'Too many wrong join codes. Try again in 1 minute.' },
    });
    await expect(throttle.check('quiz:1', '10.0.0.2')).resolves.toBeUndefined();
    server.clock.advance(61_000);
    await expect(throttle.check('quiz:1', '10.0.0.1')).resolves.toBeUndefined();
  });

  it('refuses a target after wrong codes from many addresses', async () => {
    const throttle = joinThrottle(server.db, server.clock, limits);
    for (let i = 0; i < 5; i += 1) await throttle.wrongCode('quiz:7', `10.0.1.${i}`);
    await expect(throttle.check('quiz:7', '10.9.9.9')).rejects.toMatchObject({ statusCode: 429 });
    await expect(throttle.check('quiz:8', '10.9.9.9')).resolves.toBeUndefined();
  });

  it('is shared by two instances over one database', async () => {
    const first = joinThrottle(server.db, server.clock, limits);
    const second = joinThrottle(server.db, server.clock, limits);
    await first.wrongCode('poll:1', '10.0.0.5');
    await second.wrongCode('poll:1', '10.0.0.5');
    await first.wrongCode('poll:1', '10.0.0.5');
    await expect(second.check('poll:2', '10.0.0.5')).rejects.toMatchObject({ statusCode: 429 });
  });
});
