import { useLiveQuery } from 'dexie-react-hooks';
import type { CompanyRow } from '../CardbookDB';
import { db } from '../db';
import { useShownFiles } from '../photo-src';

/** The screens' reads of my company content (the `company` table). */

/** My company blocks: undefined while loading, null when I have none yet. */
export function useCompany(): CompanyRow | null | undefined {
  return useLiveQuery(async () => (await db.company.get('me')) ?? null, []);
}

/** My company blocks as a screen shows them: files picked on this device as their blobs' object URLs. */
export function useShownCompany(): CompanyRow | null | undefined {
  const company = useCompany();
  const shown = useShownFiles(company);
  return company === undefined ? undefined : shown;
}
