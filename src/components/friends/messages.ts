import type { FeatureNamespace } from '../../i18n/catalog';

/** The messages a screen showing a friend's card needs: the overlay shows the whole card, promotion included. */
export const FRIEND_CARD_MESSAGES = [
  'friends',
  'card',
  'share',
  'company',
] as const satisfies readonly FeatureNamespace[];
