import * as client from 'openid-client';
import type { OAuthClientConfig } from '../../server/oauth/authorization-server';
import { CARD_READ_SCOPE } from '../../src/api';

/**
 * A third-party app, as an app's developer would write it with openid-client: it discovers
 * Cardbook's authorisation server, sends the user to it with PKCE, redeems the code and reads
 * the card with the access token.
 */
export const DEMO_APP: OAuthClientConfig = {
  client_id: 'demo-crm',
  client_secret: 'demo-crm-secret-for-tests-only',
  client_name: 'Demo CRM',
  redirect_uris: ['http://demo-app.test/callback'],
};

export class DemoApp {
  private config: client.Configuration | null = null;
  private checks = { state: '', codeVerifier: '' };

  constructor(private readonly cardbook: string) {}

  private async configuration(): Promise<client.Configuration> {
    this.config ??= await client.discovery(
      new URL(`${this.cardbook}/oauth`),
      DEMO_APP.client_id,
      DEMO_APP.client_secret,
      undefined,
      { execute: [client.allowInsecureRequests] },
    );
    return this.config;
  }

  async authorizationUrl(): Promise<string> {
    const config = await this.configuration();
    this.checks = { state: client.randomState(), codeVerifier: client.randomPKCECodeVerifier() };
    return client.buildAuthorizationUrl(config, {
      redirect_uri: DEMO_APP.redirect_uris[0] ?? '',
      scope: CARD_READ_SCOPE,
      state: this.checks.state,
      code_challenge: await client.calculatePKCECodeChallenge(this.checks.codeVerifier),
      code_challenge_method: 'S256',
    }).href;
  }

  async redeem(callback: URL): Promise<string> {
    const tokens = await client.authorizationCodeGrant(await this.configuration(), callback, {
      pkceCodeVerifier: this.checks.codeVerifier,
      expectedState: this.checks.state,
    });
    return tokens.access_token;
  }

  async readCard(accessToken: string): Promise<{ status: number; name: string | null }> {
    const res = await fetch(`${this.cardbook}/api/oauth/card`, { headers: { authorization: `Bearer ${accessToken}` } });
    const body = (await res.json()) as { data: { name?: string } | null };
    return { status: res.status, name: body.data?.name ?? null };
  }
}
