import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import type { ThirdPartyConfig } from '../../server/security/third-party-clients';
import { thirdPartyCallbackPath } from '../../src/api';

/**
 * A real OpenID Connect provider (oidc-provider) on a loopback port, standing in for Google and,
 * through its plain OAuth 2 endpoints and its userinfo as the profile URL, for Facebook. Its
 * development sign-in page takes any login: the account id typed becomes the subject, and the
 * email is that id when it has an @, else id@idp.test.
 */
export type UpstreamIdp = {
  issuer: string;
  /** Google and Facebook, both served by this provider. */
  thirdParty: ThirdPartyConfig;
  /** Registers the app's callbacks at `origin` (known once the app listens). */
  allow(origin: string): void;
  close(): Promise<void>;
};

export async function startUpstreamIdp(): Promise<UpstreamIdp> {
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  const server = createServer((req, res) => {
    if (handler) handler(req, res);
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const secret = (name: string) => `${name}-secret-for-tests-only`;

  return {
    issuer,
    thirdParty: {
      google: {
        protocol: 'oidc',
        issuer,
        clientId: 'google-test',
        clientSecret: secret('google'),
        scope: 'openid email profile',
      },
      facebook: {
        protocol: 'oauth2',
        authorizationUrl: `${issuer}/auth`,
        tokenUrl: `${issuer}/token`,
        profileUrl: `${issuer}/me`,
        clientId: 'facebook-test',
        clientSecret: secret('facebook'),
        scope: 'openid email profile',
      },
    },
    allow(origin) {
      const client = (provider: 'google' | 'facebook') => ({
        client_id: `${provider}-test`,
        client_secret: secret(provider),
        redirect_uris: [origin + thirdPartyCallbackPath(provider)],
        token_endpoint_auth_method: 'client_secret_post' as const,
      });
      const provider = new Provider(issuer, {
        clients: [client('google'), client('facebook')],
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
        findAccount: async (_ctx, id) => ({
          accountId: id,
          claims: async () => ({
            sub: id,
            email: id.includes('@') ? id : `${id}@idp.test`,
            email_verified: true,
            name: `Person ${id}`,
          }),
        }),
        // First-party test clients: consent is taken as given, so the flow is the sign-in page only.
        loadExistingGrant: async (ctx) => {
          const accountId = ctx.oidc.session?.accountId;
          const clientId = ctx.oidc.client?.clientId;
          if (!accountId || !clientId) return undefined;
          const grant = new ctx.oidc.provider.Grant({ accountId, clientId });
          grant.addOIDCScope('openid email profile');
          await grant.save();
          return grant;
        },
      });
      handler = provider.callback();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Goes through the provider's pages as a browser would (cookies kept, redirects followed, the
 * sign-in form posted with `login`) until it sends us back to `callbackPrefix`; returns that URL.
 */
export async function signInAtUpstream(authUrl: string, login: string, callbackPrefix: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = authUrl;
  let form: URLSearchParams | null = null;
  for (let step = 0; step < 10; step++) {
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ?? undefined,
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    form = null;
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.href.startsWith(callbackPrefix)) return next;
      url = next.href;
      continue;
    }
    const html = await res.text();
    if (!html.includes('name="login"')) throw new Error(`unexpected page at ${url}: ${res.status}`);
    form = new URLSearchParams({ prompt: 'login', login, password: 'any' });
  }
  throw new Error('too many steps at the provider');
}
