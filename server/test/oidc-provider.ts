import type { Server } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

// A real OpenID provider (oidc-provider 9) on 127.0.0.1 for tests of social sign-in: the server tests
// (play/oidc.test.ts, routes/client-oidc.test.ts) and the browser e2e (tests/e2e/social-sign-in.spec.ts). Its
// development interaction pages take any login and password; the account's claims are made from the login:
// email `<login>@idp.test`, given name "Ida", family name `Provider<login>` (angle brackets included, so the
// server's name cleaning is exercised), name "Ida Provider".

export interface TestOidcProvider {
  /** The issuer: http://127.0.0.1:<port> (plain http is allowed on loopback only). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** How many discovery documents it has served: proves a request never reached it. */
  discoveries(): number;
  close(): Promise<void>;
}

/** A port free on 127.0.0.1 now (the provider's issuer must name its own address before it listens). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export async function startOidcProvider(options: {
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
}): Promise<TestOidcProvider> {
  const clientId = options.clientId ?? 'quiz-portal';
  const clientSecret = options.clientSecret ?? 'test-secret';
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const oidc = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    async findAccount(_ctx, id) {
      return {
        accountId: id,
        claims: async () => ({
          sub: id,
          email: `${id}@idp.test`,
          email_verified: true,
          given_name: 'Ida',
          family_name: `Provider<${id}>`,
          name: 'Ida Provider',
        }),
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    pkce: { required: () => true },
  });
  let discoveries = 0;
  oidc.use(async (ctx, next) => {
    if (ctx.path === '/.well-known/openid-configuration') discoveries += 1;
    await next();
  });
  const server: Server = oidc.listen(port, '127.0.0.1');
  await new Promise((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  return {
    issuer,
    clientId,
    clientSecret,
    discoveries: () => discoveries,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A phone at the provider, without a browser: follows redirects, signs in as `login`, consents, and returns the redirect to us. */
export async function signInAt(authorizationUrl: string, login: string, callback: string): Promise<URL> {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  let url = new URL(authorizationUrl);
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 12; hop += 1) {
    if (url.href.startsWith(callback)) return url;
    const response = await fetch(url, { method: body ? 'POST' : 'GET', body, headers: { cookie: cookie() }, redirect: 'manual' });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (name) jar.set(name.trim(), value.join('='));
    }
    body = undefined;
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url);
      continue;
    }
    const page = await response.text();
    if (response.status !== 200) throw new Error(`the provider answered ${response.status}: ${page}`);
    // The development interaction pages: the login form, then the consent form.
    body = new URLSearchParams(page.includes('name="login"') ? { prompt: 'login', login, password: 'x' } : { prompt: 'consent' });
  }
  throw new Error('too many hops at the provider');
}
