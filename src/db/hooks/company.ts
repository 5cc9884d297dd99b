import { useLiveQuery } from 'dexie-react-hooks';
import type { CompanyRow } from '../CardbookDB';
import { db } from '../db';

/** The screens' reads of my company content (the `company` table). */

/** My company blocks: undefined while loading, null when I have none yet. */
export function useCompany(): CompanyRow | null | undefined {
  return useLiveQuery(async () => (await db.company.get('me')) ?? null, []);
}
