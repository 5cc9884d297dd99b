import { exchangeEndpoints } from './exchange';

/**
 * Every call of /api/*, by feature: the server registers each from here and nothing else
 * (tests/server/contract.test.ts), and the app reaches each through its feature's client.
 */
export const API_ENDPOINTS = {
  exchange: exchangeEndpoints,
};
