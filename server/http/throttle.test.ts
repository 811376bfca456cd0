import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/support';
import { joinThrottle, networkOf, voterLimit, type JoinLimits } from './throttle';

let server: TestServer;
beforeEach(async () => {
  server = await createTestServer();
});
afterEach(() => server.close());

const limits: JoinLimits = {
  freeMisses: 3,
  freeMissesUnderAttack: 1,
  attackMisses: 20,
  attackWindowS: 60,
  missWindowS: 600,
  maxWaitS: 60,
  maxWaitUnderAttackS: 600,
};

describe('the join-code throttle (rate-limiter-flexible over the database)', () => {
  it('lets a network miss a few times, then makes it wait longer after each wrong code, up to the cap', async () => {
    const throttle = joinThrottle(server.db, server.clock, limits);
    for (let i = 0; i < 3; i += 1) {
      await throttle.check('quiz:1', '10.0.0.1');
      expect(await throttle.wrongCode('quiz:1', '10.0.0.1')).toMatchObject({ statusCode: 400 });
    }
    expect(await throttle.wrongCode('quiz:1', '10.0.0.1')).toMatchObject({ statusCode: 429, headers: { 'Retry-After': '1' } });
    await expect(throttle.check('quiz:1', '10.0.0.1')).rejects.toMatchObject({
      statusCode: 429,
      body: { detail: 'Too many wrong join codes from this network. Check the code, then try again in 1 second.' },
    });
    // Another network, and the same network on another quiz, are not held back.
    await expect(throttle.check('quiz:1', '10.0.0.2')).resolves.toMatchObject({ netMisses: 0 });
    await expect(throttle.check('quiz:2', '10.0.0.1')).resolves.toMatchObject({ netMisses: 0 });
    server.clock.advance(1000);
    expect(await throttle.wrongCode('quiz:1', '10.0.0.1')).toMatchObject({ headers: { 'Retry-After': '2' } });
    for (let i = 0; i < 10; i += 1) await throttle.wrongCode('quiz:1', '10.0.0.1');
    expect(await throttle.wrongCode('quiz:1', '10.0.0.1')).toMatchObject({ headers: { 'Retry-After': '60' } });
  });

  it('takes a wrong code back for each right one: a room’s typos never add up', async () => {
    const throttle = joinThrottle(server.db, server.clock, limits);
    for (let i = 0; i < 20; i += 1) {
      const standing = await throttle.check('poll:1', '10.0.0.5');
      if (i % 3 === 0) expect(await throttle.wrongCode('poll:1', '10.0.0.5')).toMatchObject({ statusCode: 400 });
      else await throttle.rightCode('poll:1', '10.0.0.5', standing);
    }
    await expect(throttle.check('poll:1', '10.0.0.5')).resolves.toMatchObject({ netMisses: 0 });
  });

  it('a room’s right codes outweigh its typos for the target too: no attack is seen', async () => {
    const throttle = joinThrottle(server.db, server.clock, limits);
    for (let i = 0; i < 100; i += 1) {
      const network = `10.0.2.${i % 5}`;
      const standing = await throttle.check('quiz:9', network);
      if (i % 4 === 0) await throttle.wrongCode('quiz:9', network);
      else await throttle.rightCode('quiz:9', network, standing);
    }
    await expect(throttle.check('quiz:9', '10.0.2.9')).resolves.toEqual({ netMisses: 0, targetMisses: 0 });
  });

  it('under attack (many wrong codes to one target), a network gets fewer free misses, on that target only', async () => {
    const throttle = joinThrottle(server.db, server.clock, limits);
    for (let i = 0; i < 20; i += 1) await throttle.wrongCode('quiz:7', `10.0.1.${i}`);
    expect(await throttle.wrongCode('quiz:7', '10.9.9.9')).toMatchObject({ statusCode: 400 });
    expect(await throttle.wrongCode('quiz:7', '10.9.9.9')).toMatchObject({ statusCode: 429 });
    // The waits grow to the longer cap.
    for (let i = 0; i < 20; i += 1) await throttle.wrongCode('quiz:7', '10.9.9.9');
    expect(await throttle.wrongCode('quiz:7', '10.9.9.9')).toMatchObject({ headers: { 'Retry-After': '600' } });
    expect(await throttle.wrongCode('quiz:8', '10.9.9.8')).toMatchObject({ statusCode: 400 });
    expect(await throttle.wrongCode('quiz:8', '10.9.9.8')).toMatchObject({ statusCode: 400 });
  });

  it('is shared by two instances over one database', async () => {
    const first = joinThrottle(server.db, server.clock, limits);
    const second = joinThrottle(server.db, server.clock, limits);
    await first.wrongCode('poll:1', '10.0.0.5');
    await second.wrongCode('poll:1', '10.0.0.5');
    await first.wrongCode('poll:1', '10.0.0.5');
    await second.wrongCode('poll:1', '10.0.0.5');
    await expect(first.check('poll:1', '10.0.0.5')).rejects.toMatchObject({ statusCode: 429 });
  });

  it('counts an IPv6 address by its /64 and an IPv4-mapped one as IPv4', () => {
    expect(networkOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:DB8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(networkOf('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(networkOf('10.1.2.3')).toBe('10.1.2.3');
  });
});

describe('the new-voter limit', () => {
  it('lets a network make so many voters of a poll, then says how long to wait', async () => {
    const voters = voterLimit(server.db, server.clock, { points: 3, duration: 60 });
    for (let i = 0; i < 3; i += 1) await voters.newVoter(1, '10.0.0.1');
    await expect(voters.newVoter(1, '10.0.0.1')).rejects.toMatchObject({
      statusCode: 429,
      body: { detail: 'Too many votes from this network for this poll. Try again in 1 minute.' },
    });
    await expect(voters.newVoter(2, '10.0.0.1')).resolves.toBeUndefined();
    await expect(voters.newVoter(1, '10.0.0.2')).resolves.toBeUndefined();
  });
});
