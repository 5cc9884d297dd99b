import { main } from './main';

/** The server's entry: `npm start` runs its bundle, dist-server/serve.js, with plain node. */
await main();
