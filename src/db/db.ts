import { CardbookDB } from './CardbookDB';
import { activeDbName } from './db-name';

export const db = new CardbookDB(activeDbName());
// Which database this page opened, for the browser tests that look into it.
if (typeof document !== 'undefined') document.documentElement.dataset.db = db.name;
