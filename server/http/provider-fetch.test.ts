import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrivateAddress, PrivateProviderAddressError, providerFetch } from './provider-fetch';

// A tenant admin types the sign-in provider's address: the server must not call its own network for them.

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.20.0.5',
    '192.168.1.20',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fd00::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:169.254.169.254',
    'not-an-address',
  ])('refuses %s', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '93.184.216.34', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])('lets %s through', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
});

describe('providerFetch', () => {
  let server: Server;
  let port = 0;
  let requests = 0;
  beforeAll(async () => {
    server = createServer((_request, response) => {
      requests += 1;
      response.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = (fetch: NonNullable<ReturnType<typeof providerFetch>>, url: string) =>
    fetch(url, { method: 'GET', headers: {}, body: undefined, redirect: 'manual' });

  it('refuses an address written as a private IP, and a name that resolves to one, before any request is sent', async () => {
    const guarded = providerFetch(false);
    if (!guarded) throw new Error('expected a guarded fetch');
    await expect(get(guarded, `http://127.0.0.1:${port}/.well-known/openid-configuration`)).rejects.toBeInstanceOf(
      PrivateProviderAddressError,
    );
    await expect(get(guarded, `http://[::ffff:7f00:1]:${port}/`)).rejects.toBeInstanceOf(PrivateProviderAddressError);
    // A name is checked on the addresses DNS gives at connection time (rebinding cannot slip past a check made earlier).
    const byName = await get(guarded, `http://localhost:${port}/`).catch((error: unknown) => error);
    expect(byName).toBeInstanceOf(TypeError);
    expect((byName as TypeError).cause).toBeInstanceOf(PrivateProviderAddressError);
    expect(requests).toBe(0);
  });

  it('leaves the default fetch when the operator allows the private network', () => {
    expect(providerFetch(true)).toBeUndefined();
  });
});
