import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/db';

/**
 * oidc-provider's storage (its Adapter interface) in the oauth_store table: every model
 * (grants, interactions, sessions, codes, tokens) a JSON payload under (model, id), with the
 * grant, interaction uid and account it belongs to as columns, so a grant's tokens go with it
 * and an account's grants can be listed and revoked.
 */
export function storeAdapter(db: Db) {
  return class OAuthStore implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      await db.query(
        `insert into oauth_store (model, id, payload, grant_id, uid, account_id, expires_at)
         values ($1, $2, $3::jsonb, $4, $5, $6, case when $7::int > 0 then now() + make_interval(secs => $7::int) end)
         on conflict (model, id) do update set payload = excluded.payload, grant_id = excluded.grant_id,
           uid = excluded.uid, account_id = excluded.account_id, expires_at = excluded.expires_at`,
        [
          this.model,
          id,
          JSON.stringify(payload),
          payload.grantId ?? null,
          payload.uid ?? null,
          payload.accountId ?? null,
          expiresIn ?? 0,
        ],
      );
    }

    private async one(where: string, value: string): Promise<AdapterPayload | undefined> {
      const [row] = await db.query<{ payload: AdapterPayload | string }>(
        `select payload from oauth_store where model = $1 and ${where} = $2
         and (expires_at is null or expires_at > now())`,
        [this.model, value],
      );
      if (!row) return undefined;
      return typeof row.payload === 'string' ? (JSON.parse(row.payload) as AdapterPayload) : row.payload;
    }

    find(id: string) {
      return this.one('id', id);
    }

    findByUid(uid: string) {
      return this.one('uid', uid);
    }

    findByUserCode(userCode: string) {
      return this.one(`payload->>'userCode'`, userCode);
    }

    async consume(id: string): Promise<void> {
      await db.query(
        `update oauth_store set payload = jsonb_set(payload, '{consumed}', to_jsonb(extract(epoch from now())::bigint))
         where model = $1 and id = $2`,
        [this.model, id],
      );
    }

    async destroy(id: string): Promise<void> {
      await db.query('delete from oauth_store where model = $1 and id = $2', [this.model, id]);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.query('delete from oauth_store where grant_id = $1', [grantId]);
    }
  };
}

/** Drops what has expired (called now and then; expired rows are never answered anyway). */
export async function sweepStore(db: Db): Promise<void> {
  await db.query('delete from oauth_store where expires_at < now()');
}
