import { createRootRoute, createRoute, createRouter, lazyRouteComponent } from '@tanstack/react-router';
import { RootLayout } from './app/RootLayout';
import { FRIEND_CARD_MESSAGES } from './components/friends/messages';
import { loadMessages, warmMessages } from './i18n';
import type { FeatureNamespace } from './i18n/catalog';
import { NotFoundPage } from './routes/not-found';

/**
 * Every route of SPEC §2. Screens load on demand (one chunk each).
 */
const rootRoute = createRootRoute({ component: RootLayout, notFoundComponent: NotFoundPage });

type Load = () => Promise<Record<string, unknown>>;

/** Each screen's code and messages by route, to fetch while the app starts (warmScreen). */
const warmers = new Map<string, () => void>();

/** A screen in its own chunk; `messages` are the feature namespaces it needs, loaded with it. */
const page = <P extends string>(
  path: P,
  load: Load,
  exportName: string,
  messages: readonly FeatureNamespace[] = [],
) => {
  warmers.set(path, () => {
    void load().catch(() => undefined);
    warmMessages(messages);
  });
  return createRoute({
    getParentRoute: () => rootRoute,
    path,
    component: lazyRouteComponent(
      messages.length === 0 ? load : () => Promise.all([load(), loadMessages(messages)]).then(([module]) => module),
      exportName,
    ),
  });
};
/** The card screens share components, and so their messages. */
const CARDS = ['card', 'company', 'share'] as const;
/** The friends screens show friends' cards with the card components. */
const FRIENDS = FRIEND_CARD_MESSAGES;
/** The cloud screens show cloud cards with the card components (photos, SPEC §5 actions). */
const CLOUD = ['cloud', 'card'] as const;
const auth = () => import('./routes/auth');
const profile = () => import('./routes/profile');
const information = () => import('./routes/information');
const identify = () => import('./routes/card-identify');
const exchange = () => import('./routes/exchange');
const loginMethods = () => import('./routes/login-methods');
const info = () => import('./routes/info-pages');

const routeTree = rootRoute.addChildren([
  page('/', () => import('./routes/home'), 'HomePage'),
  page('/login', auth, 'LoginPage'),
  page('/loginCode', auth, 'LoginCodePage'),
  page('/register', auth, 'RegisterPage'),
  page('/registerMail', auth, 'RegisterMailPage'),
  page('/resetPassword', auth, 'ResetPasswordPage'),
  page('/resetPasswordEmail', auth, 'ResetPasswordEmailPage'),
  page('/resetPasswordFromMobile', auth, 'ResetPasswordMobilePage'),
  page('/resetPwd', auth, 'ChangePasswordPage'),
  page('/logout', auth, 'LogoutPage'),
  page('/auth/$provider/callback', () => import('./routes/third-party-callback'), 'ThirdPartyCallbackPage'),
  page('/userHome', () => import('./routes/user-home'), 'UserHomePage'),
  page('/myProfile', profile, 'MyProfilePage'),
  page('/editMyProfile', profile, 'EditProfilePage'),
  page('/friendsList', () => import('./routes/friends-list'), 'FriendsListPage', FRIENDS),
  page('/search', () => import('./routes/friends-search'), 'FriendsSearchPage', FRIENDS),
  page('/search/public', () => import('./routes/public-search'), 'PublicSearchPage', FRIENDS),
  page('/friendsCategory', () => import('./routes/friends-category'), 'FriendsCategoryPage', FRIENDS),
  page('/card/create', () => import('./routes/card-create'), 'CardCreatePage', CARDS),
  page('/card/identify/$imgPosition/$callbackPath/$cardId', identify, 'CardIdentifyPage', ['cardscan']),
  page('/card/info', () => import('./routes/card-info'), 'CardInfoPage', CARDS),
  page('/exclusiveCard', () => import('./routes/exclusive-card'), 'ExclusiveCardPage', ['info']),
  page('/bindExclusiveCard/$no', () => import('./routes/bind-exclusive-card'), 'BindExclusiveCardPage', ['info']),
  page('/myQrCode', () => import('./routes/my-qr-code'), 'MyQrCodePage', CARDS),
  page('/scanqrcode', () => import('./routes/scan-qr-code'), 'ScanQrCodePage', ['scan']),
  page('/cardLdentify', identify, 'CardIdentifyChoicePage', ['cardscan']),
  page('/site', info, 'SitePage', ['info']),
  page('/about', info, 'AboutPage', ['info']),
  page('/tutorial', info, 'TutorialPage', ['info']),
  page('/suggestions', () => import('./routes/suggestions'), 'SuggestionsPage', ['info']),
  page('/accountManagement', () => import('./routes/account'), 'AccountManagementPage'),
  page('/loginMethod', loginMethods, 'LoginMethodsPage'),
  page('/loginMethod/addEmail', loginMethods, 'AddEmailPage'),
  page('/loginMethod/addMobile', loginMethods, 'AddMobilePage'),
  page('/s/$shareKey', () => import('./routes/shared-card'), 'SharedCardPage', CARDS),
  page('/ex/$roomCode', exchange, 'ExchangeRoomPage', ['exchange']),
  page('/exchange', exchange, 'ExchangeStartPage', ['exchange']),
  page('/dominHandle', info, 'DomainHandlePage', ['info']),
  page('/information/info', information, 'InformationPage', CARDS),
  page('/information/edit', information, 'InformationEditPage', CARDS),
  page('/policy/$type', info, 'PolicyPage', ['info']),
  page('/noFoundCard', () => import('./routes/no-found-card'), 'NoFoundCardPage', CARDS),
  page('/cloud/list', () => import('./routes/cloud-list'), 'CloudListPage', CLOUD),
  page('/cloud/create', () => import('./routes/cloud-create'), 'CloudCreatePage', ['cardscan', 'cloud']),
  page('/cloud/search', () => import('./routes/cloud-search'), 'CloudSearchPage', CLOUD),
  page('/cloud/category/list', () => import('./routes/cloud-category'), 'CloudCategoryPage', CLOUD),
  page('/oauth/confirm/$appType/$appKey', () => import('./routes/oauth-confirm'), 'OAuthConfirmPage'),
]);

export const router = createRouter({ routeTree, defaultPreload: 'intent', scrollRestoration: false });

/**
 * Starts fetching the code and messages of the screen at `pathname` while the app is still
 * starting (language, session), instead of after its first render.
 */
export function warmScreen(pathname: string): void {
  for (const match of router.matchRoutes(pathname)) warmers.get(match.routeId)?.();
}

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
