import * as client from 'openid-client';
import { z } from 'zod';
import type { ThirdPartyProvider } from '../../src/api/third-party';

/**
 * The OAuth clients for third-party sign-in, built on openid-client: an OpenID Connect provider
 * found by its issuer URL (Google, or any issuer), or a plain OAuth 2 one described by its
 * authorization, token and profile URLs (Facebook). Both run the authorization-code flow with
 * PKCE; what comes back is the provider's account: a stable subject, and a name and email when
 * it shares them.
 */
export type ProviderSettings =
  | { protocol: 'oidc'; issuer: string; clientId: string; clientSecret: string; scope: string }
  | {
      protocol: 'oauth2';
      authorizationUrl: string;
      tokenUrl: string;
      profileUrl: string;
      clientId: string;
      clientSecret: string;
      scope: string;
    };

export type ThirdPartyConfig = Partial<Record<ThirdPartyProvider, ProviderSettings>>;

export type ThirdPartyAccount = { subject: string; name: string; email: string | null; emailVerified: boolean };

/** What a flow keeps between sending the browser out and its coming back. */
export type FlowChecks = { state: string; nonce: string; codeVerifier: string };

/** A profile endpoint's answer (Facebook's /me: id; an OpenID userinfo: sub). */
const profileSchema = z.object({
  id: z.union([z.string(), z.number()]).optional(),
  sub: z.string().optional(),
  name: z.string().optional(),
  email: z.string().optional(),
  email_verified: z.boolean().optional(),
});

/** Plain http is allowed only to this machine (a provider started by the tests, a local one). */
function isLoopback(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(hostname);
}

export class ThirdPartyClients {
  private readonly configurations = new Map<ThirdPartyProvider, Promise<client.Configuration>>();

  constructor(private readonly settings: ThirdPartyConfig) {}

  providers(): ThirdPartyProvider[] {
    return (Object.keys(this.settings) as ThirdPartyProvider[]).sort();
  }

  has(provider: ThirdPartyProvider): boolean {
    return this.settings[provider] !== undefined;
  }

  private configuration(provider: ThirdPartyProvider): Promise<client.Configuration> {
    let found = this.configurations.get(provider);
    if (!found) {
      found = this.build(provider);
      // A failed discovery (the provider down) is tried again by the next sign-in.
      found.catch(() => this.configurations.delete(provider));
      this.configurations.set(provider, found);
    }
    return found;
  }

  private async build(provider: ThirdPartyProvider): Promise<client.Configuration> {
    const s = this.settings[provider];
    if (!s) throw new Error(`${provider} is not configured`);
    const auth = client.ClientSecretPost(s.clientSecret);
    if (s.protocol === 'oidc') {
      const insecure = isLoopback(s.issuer);
      return client.discovery(new URL(s.issuer), s.clientId, undefined, auth, {
        execute: insecure ? [client.allowInsecureRequests] : [],
        timeout: 10,
      });
    }
    const config = new client.Configuration(
      {
        issuer: new URL(s.authorizationUrl).origin,
        authorization_endpoint: s.authorizationUrl,
        token_endpoint: s.tokenUrl,
      },
      s.clientId,
      undefined,
      auth,
    );
    if (isLoopback(s.tokenUrl)) client.allowInsecureRequests(config);
    return config;
  }

  async authorizationUrl(provider: ThirdPartyProvider, redirectUri: string, checks: FlowChecks): Promise<string> {
    const s = this.settings[provider];
    if (!s) throw new Error(`${provider} is not configured`);
    const config = await this.configuration(provider);
    const params: Record<string, string> = {
      redirect_uri: redirectUri,
      scope: s.scope,
      state: checks.state,
      code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
    };
    if (s.protocol === 'oidc') params.nonce = checks.nonce;
    return client.buildAuthorizationUrl(config, params).href;
  }

  /** Redeems the callback's code (state, PKCE and, for OpenID Connect, nonce checked). */
  async account(provider: ThirdPartyProvider, callbackUrl: URL, checks: FlowChecks): Promise<ThirdPartyAccount> {
    const s = this.settings[provider];
    if (!s) throw new Error(`${provider} is not configured`);
    const config = await this.configuration(provider);
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      ...(s.protocol === 'oidc' ? { expectedNonce: checks.nonce, idTokenExpected: true } : {}),
    });
    if (s.protocol === 'oidc') {
      const claims = tokens.claims();
      if (!claims) throw new Error('no ID token');
      const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub).catch(() => null);
      const email = str(info?.email) ?? str(claims.email);
      return {
        subject: claims.sub,
        name: str(info?.name) ?? str(claims.name) ?? '',
        email: email ?? null,
        emailVerified: (info?.email_verified ?? claims.email_verified) === true,
      };
    }
    const res = await client.fetchProtectedResource(config, tokens.access_token, new URL(s.profileUrl), 'GET');
    if (!res.ok) throw new Error(`profile endpoint answered ${res.status}`);
    const profile = profileSchema.parse(await res.json());
    const subject = profile.id !== undefined ? String(profile.id) : profile.sub;
    if (!subject) throw new Error('profile without an id');
    return {
      subject,
      name: profile.name ?? '',
      email: profile.email ?? null,
      // Facebook shares only confirmed addresses; an OpenID userinfo says so itself.
      emailVerified: profile.email !== undefined && profile.email_verified !== false,
    };
  }
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
