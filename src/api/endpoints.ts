import { associateEndpoints } from './associates';
import { authEndpoints } from './auth';
import { cardEndpoints } from './card';
import { cloudEndpoints, recognizeEndpoints } from './cloud';
import { companyEndpoints } from './company';
import { exchangeEndpoints } from './exchange';
import { feedbackEndpoints } from './feedback';
import { friendsEndpoints, groupsEndpoints, notificationsEndpoints } from './friends';
import { infoEndpoints } from './info';
import { loginMethodEndpoints } from './login-methods';
import { metaEndpoints } from './meta';
import { oauthEndpoints } from './oauth';
import { physicalCardEndpoints } from './physical-card';
import { pushEndpoints } from './push';
import { accountEndpoints } from './sessions';
import { syncEndpoints } from './sync';
import { thirdPartyEndpoints } from './third-party';
import { profileEndpoints } from './user';

/**
 * Every call of /api/*, by feature: the server registers each from here and nothing else
 * (tests/server/contract.test.ts), and the app reaches each through its feature's client.
 */
export const API_ENDPOINTS = {
  exchange: exchangeEndpoints,
  cloud: cloudEndpoints,
  recognize: recognizeEndpoints,
  friends: friendsEndpoints,
  groups: groupsEndpoints,
  notifications: notificationsEndpoints,
  sync: syncEndpoints,
  push: pushEndpoints,
  card: cardEndpoints,
  company: companyEndpoints,
  physicalCard: physicalCardEndpoints,
  info: infoEndpoints,
  feedback: feedbackEndpoints,
  meta: metaEndpoints,
  auth: authEndpoints,
  thirdParty: thirdPartyEndpoints,
  profile: profileEndpoints,
  loginMethods: loginMethodEndpoints,
  associates: associateEndpoints,
  account: accountEndpoints,
  oauth: oauthEndpoints,
};
