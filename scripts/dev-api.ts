import { main } from '../server/main';

/** The API half of `npm run dev` (scripts/dev.ts runs it under `tsx watch`): the server, API only. */
await main();
