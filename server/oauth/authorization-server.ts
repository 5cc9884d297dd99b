import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Provider, { type ClientMetadata, type JWK } from 'oidc-provider';
import { CARD_READ_SCOPE, type OAuthApp, type OAuthGrant } from '../../src/api';
import type { Db } from '../db/db';
import { serverSecret } from '../security/secrets';
import { storeAdapter, sweepStore } from './store';

/**
 * Cardbook as an OAuth 2 authorisation server (oidc-provider, mounted at /oauth): apps
 * registered by configuration (OAUTH_CLIENTS) ask a user for one scope, `card:read`; the
 * consent screen is the app's page /oauth/confirm/{app_type}/{app_key}?uid=…, where the signed-in
 * user allows or denies; the access token it issues reads the card at GET /api/oauth/card.
 * Grants are kept in the database (store.ts), listed per user and revocable.
 */
export type OAuthClientConfig = {
  client_id: string;
  client_secret?: string;
  client_name: string;
  redirect_uris: string[];
  application_type?: 'web' | 'native';
};

export const OAUTH_MOUNT = '/oauth';
/** Providers kept, one per origin the server is reached at (see provider()). */
const MAX_ORIGINS = 8;
/** The consent screen's path; the interaction cookie oidc-provider sets is scoped to it. */
export const CONFIRM_PREFIX = `${OAUTH_MOUNT}/confirm/`;

const TTL = {
  AccessToken: 60 * 60,
  AuthorizationCode: 60,
  Grant: 365 * 24 * 60 * 60,
  IdToken: 60 * 60,
  Interaction: 10 * 60,
  // The provider's own sign-in session lasts only as long as one authorisation takes: Cardbook's
  // session is the one that counts, so each new request shows the consent screen to whoever is
  // signed in to Cardbook now (on a shared phone, not to the one who allowed an app before).
  Session: 60,
};

export type InteractionView = { uid: string; app: OAuthApp; scopes: string[] };
/** The consent page a call comes from: its app (app_type, app_key) and the request's uid. */
export type ConsentPage = { uid: string; appType: string; appKey: string };

export class AuthorizationServer {
  private readonly providers = new Map<string, Provider>();
  private readonly apps: Map<string, OAuthClientConfig>;
  private keys: { jwk: JWK; cookies: string[] } | null = null;

  constructor(
    private readonly db: Db,
    clients: OAuthClientConfig[],
    private readonly trustProxy: boolean,
  ) {
    this.apps = new Map(clients.map((c) => [c.client_id, c]));
  }

  /**
   * Where the provider may send a browser by a form (its form_post answer): the registered
   * redirect URIs' origins, or their scheme for a native app's own scheme.
   */
  redirectTargets(): string[] {
    const targets = new Set<string>();
    for (const app of this.apps.values()) {
      for (const uri of app.redirect_uris) {
        const url = URL.parse(uri);
        if (url) targets.add(url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : url.protocol);
      }
    }
    return [...targets];
  }

  /** The signing key and cookie keys, made once and kept in the database. */
  async init(): Promise<void> {
    const jwk = await serverSecret(this.db, 'oauth.jwk', () => {
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      return JSON.stringify({
        ...privateKey.export({ format: 'jwk' }),
        use: 'sig',
        kid: randomBytes(8).toString('hex'),
      });
    });
    const cookies = await serverSecret(this.db, 'oauth.cookies', () => randomBytes(32).toString('base64url'));
    this.keys = { jwk: JSON.parse(jwk) as JWK, cookies: [cookies] };
    await sweepStore(this.db);
  }

  /** One provider per origin it is reached at (PUBLIC_URL, or each request's own). */
  provider(origin: string): Provider {
    let found = this.providers.get(origin);
    if (found) return found;
    if (!this.keys) throw new Error('AuthorizationServer.init() first');
    const apps = this.apps;
    const clients: ClientMetadata[] = [...apps.values()].map((app) => ({
      client_id: app.client_id,
      client_name: app.client_name,
      redirect_uris: app.redirect_uris,
      application_type: app.application_type ?? 'web',
      grant_types: ['authorization_code'],
      response_types: ['code'],
      ...(app.client_secret
        ? { client_secret: app.client_secret, token_endpoint_auth_method: 'client_secret_basic' as const }
        : { token_endpoint_auth_method: 'none' as const }),
    }));
    found = new Provider(origin + OAUTH_MOUNT, {
      adapter: storeAdapter(this.db),
      clients,
      jwks: { keys: [this.keys.jwk] },
      cookies: { keys: this.keys.cookies },
      scopes: [CARD_READ_SCOPE],
      responseTypes: ['code'],
      claims: { openid: ['sub'] },
      features: { devInteractions: { enabled: false }, revocation: { enabled: true } },
      // Public apps (no secret) must use PKCE; confidential ones may.
      pkce: { required: (_ctx, client) => client.tokenEndpointAuthMethod === 'none' },
      ttl: TTL,
      interactions: {
        url: (_ctx, interaction) => {
          const app = apps.get(String(interaction.params.client_id));
          const type = app?.application_type ?? 'web';
          return `${CONFIRM_PREFIX}${type}/${encodeURIComponent(String(interaction.params.client_id))}?uid=${interaction.uid}`;
        },
      },
      findAccount: async (_ctx, id) => ({ accountId: id, claims: async () => ({ sub: id }) }),
      renderError: async (ctx, out) => {
        ctx.type = 'html';
        const text = String(out.error_description ?? out.error).replace(/[<>&"']/g, '');
        ctx.body = `<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Cardbook</title><p>${text}</p><p><a href="/">Cardbook</a></p>`;
      },
    });
    found.proxy = this.trustProxy;
    // Without PUBLIC_URL the origin comes from the Host header: keep a few, not one per made-up host.
    if (this.providers.size >= MAX_ORIGINS) {
      const oldest = this.providers.keys().next().value;
      if (oldest !== undefined) this.providers.delete(oldest);
    }
    this.providers.set(origin, found);
    return found;
  }

  /** Hands a request under /oauth (not the consent page) to the provider. */
  handle(origin: string, req: IncomingMessage & { originalUrl?: string }, res: ServerResponse): void {
    const url = req.url ?? '/';
    req.originalUrl = url;
    req.url = url.slice(OAUTH_MOUNT.length) || '/';
    void this.provider(origin).callback()(req, res);
  }

  /**
   * The pending request of this browser's interaction cookie: it must be `uid` and belong to the
   * app the consent page names (`/oauth/confirm/{appType}/{appKey}`); null otherwise.
   */
  private async pending(origin: string, req: IncomingMessage, res: ServerResponse, page: ConsentPage) {
    const provider = this.provider(origin);
    const details = await provider.interactionDetails(req, res).catch(() => null);
    if (!details || details.uid !== page.uid) return null;
    const clientId = String(details.params.client_id);
    const app = this.apps.get(clientId);
    if (!app || clientId !== page.appKey || (app.application_type ?? 'web') !== page.appType) return null;
    const scopes = String(details.params.scope ?? '').split(' ');
    return { provider, clientId, app, scopes };
  }

  /** What the consent screen shows: the app and the scopes it asks for. */
  async interaction(
    origin: string,
    req: IncomingMessage,
    res: ServerResponse,
    page: ConsentPage,
  ): Promise<InteractionView | null> {
    const found = await this.pending(origin, req, res, page);
    if (!found) return null;
    return {
      uid: page.uid,
      app: { key: found.clientId, name: found.app.client_name },
      scopes: found.scopes.filter((s) => s === CARD_READ_SCOPE),
    };
  }

  /** Allows (a grant of the requested card:read for this user) or denies; answers where to go on. */
  async decide(
    origin: string,
    req: IncomingMessage,
    res: ServerResponse,
    page: ConsentPage,
    userId: number,
    allow: boolean,
  ): Promise<string | null> {
    const found = await this.pending(origin, req, res, page);
    if (!found) return null;
    const { provider, clientId } = found;
    if (!allow) {
      return provider.interactionResult(
        req,
        res,
        { error: 'access_denied', error_description: 'The user denied access' },
        { mergeWithLastSubmission: false },
      );
    }
    const accountId = String(userId);
    // One grant per user and app: allowing again adds to it instead of listing the app twice.
    const [kept] = await this.db.query<{ id: string }>(
      `select id from oauth_store where model = 'Grant' and account_id = $1 and payload->>'clientId' = $2
       and (expires_at is null or expires_at > now()) limit 1`,
      [accountId, clientId],
    );
    const grant = (kept && (await provider.Grant.find(kept.id))) || new provider.Grant({ accountId, clientId });
    grant.addOIDCScope(found.scopes.filter((s) => s === CARD_READ_SCOPE || s === 'openid').join(' '));
    const grantId = await grant.save();
    return provider.interactionResult(
      req,
      res,
      { login: { accountId }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  /** The account a bearer token may read the card of: live, with card:read, its grant not revoked. */
  async cardReader(origin: string, token: string): Promise<number | null> {
    const provider = this.provider(origin);
    const found = await provider.AccessToken.find(token).catch(() => undefined);
    if (!found || found.isExpired || !found.grantId || !found.accountId) return null;
    if (
      !String(found.scope ?? '')
        .split(' ')
        .includes(CARD_READ_SCOPE)
    )
      return null;
    const grant = await provider.Grant.find(found.grantId).catch(() => undefined);
    if (!grant || grant.accountId !== found.accountId) return null;
    const userId = Number(found.accountId);
    return Number.isSafeInteger(userId) ? userId : null;
  }

  async grants(userId: number): Promise<OAuthGrant[]> {
    const rows = await this.db.query<{ id: string; client_id: string; scope: string; iat: number }>(
      `select id, payload->>'clientId' as client_id, coalesce(payload->'openid'->>'scope', '') as scope,
         (payload->>'iat')::bigint as iat
       from oauth_store where model = 'Grant' and account_id = $1 and (expires_at is null or expires_at > now())
       order by iat desc`,
      [String(userId)],
    );
    return rows.map((row) => ({
      id: row.id,
      app: { key: row.client_id, name: this.apps.get(row.client_id)?.client_name ?? row.client_id },
      scopes: row.scope.split(' ').filter((s) => s === CARD_READ_SCOPE),
      created_at: Number(row.iat) * 1000,
    }));
  }

  /** Revokes one of my grants and every code and token issued under it. */
  async revoke(userId: number, grantId: string): Promise<boolean> {
    return this.db.tx(async (q) => {
      const gone = await q.query(
        `delete from oauth_store where model = 'Grant' and id = $1 and account_id = $2 returning id`,
        [grantId, String(userId)],
      );
      if (gone.length === 0) return false;
      await q.query('delete from oauth_store where grant_id = $1', [grantId]);
      return true;
    });
  }
}
