import { createRootRoute, createRoute, createRouter, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { RootLayout } from './app/RootLayout';
import { FRIEND_CARD_MESSAGES } from './components/friends/messages';
import { loadMessages, warmMessages } from './i18n';
import type { FeatureNamespace } from './i18n/catalog';
import { NotFoundPage } from './routes/not-found';
import { rememberReturnPath } from './session/return-path';
import { whenSessionSettled } from './session/session-settled';
import { getToken } from './session/signed-in';

/**
 * Every route of SPEC §2. Screens load on demand (one chunk each).
 */
const rootRoute = createRootRoute({ component: RootLayout, notFoundComponent: NotFoundPage });

/**
 * The screens that need an account (TanStack Router's authenticated-routes pattern): one pathless
 * layout whose beforeLoad sends a visitor to /login before any of them loads, keeping where they
 * were going (?redirect= and this tab's return path, session/return-path.ts), so every sign-in
 * screen (password, code, sign-up, Google, Facebook) comes back here. A member waits for the
 * start-up's session (session-settled.ts), which the first paint of a public screen does not.
 */
const signedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signedIn',
  // Its own chunk: it reads IndexedDB, which a visitor's page never loads.
  component: lazyRouteComponent(() => import('./app/SignedInLayout'), 'SignedInLayout'),
  beforeLoad: async ({ location }) => {
    if (getToken() !== null) {
      await whenSessionSettled();
      return;
    }
    const back = location.pathname + location.searchStr;
    rememberReturnPath(back);
    throw redirect({ to: '/login', search: { redirect: back }, replace: true });
  },
});

type Load = () => Promise<Record<string, unknown>>;

/** Each screen's code and messages by route, to fetch while the app starts (warmScreen). */
const warmers = new WeakMap<object, () => void>();

/** A screen in its own chunk under `parent`; `messages` are the feature namespaces it needs, loaded with it. */
const screenUnder =
  <Parent extends typeof rootRoute | typeof signedInRoute>(parent: Parent) =>
  <P extends string>(path: P, load: Load, exportName: string, messages: readonly FeatureNamespace[] = []) => {
    const route = createRoute({
      getParentRoute: () => parent,
      path,
      component: lazyRouteComponent(
        messages.length === 0 ? load : () => Promise.all([load(), loadMessages(messages)]).then(([module]) => module),
        exportName,
      ),
    });
    warmers.set(route, () => {
      void load().catch(() => undefined);
      warmMessages(messages);
    });
    return route;
  };
/** A screen anyone may open. */
const page = screenUnder(rootRoute);
/** A screen of the signed-in user: a visitor signs in first and comes back to it. */
const memberPage = screenUnder(signedInRoute);
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
  page('/logout', auth, 'LogoutPage'),
  page('/auth/$provider/callback', () => import('./routes/third-party-callback'), 'ThirdPartyCallbackPage'),
  page('/bindExclusiveCard/$no', () => import('./routes/bind-exclusive-card'), 'BindExclusiveCardPage', ['info']),
  page('/scanqrcode', () => import('./routes/scan-qr-code'), 'ScanQrCodePage', ['scan']),
  page('/site', info, 'SitePage', ['info']),
  page('/about', info, 'AboutPage', ['info']),
  page('/tutorial', info, 'TutorialPage', ['info']),
  page('/s/$shareKey', () => import('./routes/shared-card'), 'SharedCardPage', CARDS),
  page('/ex/$roomCode', exchange, 'ExchangeRoomPage', ['exchange']),
  page('/exchange', exchange, 'ExchangeStartPage', ['exchange']),
  page('/dominHandle', info, 'DomainHandlePage', ['info']),
  page('/policy/$type', info, 'PolicyPage', ['info']),
  page('/noFoundCard', () => import('./routes/no-found-card'), 'NoFoundCardPage', CARDS),
  page('/cloud/create', () => import('./routes/cloud-create'), 'CloudCreatePage', ['cardscan', 'cloud']),
  signedInRoute.addChildren([
    memberPage('/resetPwd', auth, 'ChangePasswordPage'),
    memberPage('/userHome', () => import('./routes/user-home'), 'UserHomePage'),
    memberPage('/myProfile', profile, 'MyProfilePage'),
    memberPage('/editMyProfile', profile, 'EditProfilePage'),
    memberPage('/friendsList', () => import('./routes/friends-list'), 'FriendsListPage', FRIENDS),
    memberPage('/search', () => import('./routes/friends-search'), 'FriendsSearchPage', FRIENDS),
    memberPage('/search/public', () => import('./routes/public-search'), 'PublicSearchPage', FRIENDS),
    memberPage('/friendsCategory', () => import('./routes/friends-category'), 'FriendsCategoryPage', FRIENDS),
    memberPage('/card/create', () => import('./routes/card-create'), 'CardCreatePage', CARDS),
    memberPage('/card/identify/$imgPosition/$callbackPath/$cardId', identify, 'CardIdentifyPage', ['cardscan']),
    memberPage('/card/info', () => import('./routes/card-info'), 'CardInfoPage', CARDS),
    memberPage('/exclusiveCard', () => import('./routes/exclusive-card'), 'ExclusiveCardPage', ['info']),
    memberPage('/myQrCode', () => import('./routes/my-qr-code'), 'MyQrCodePage', CARDS),
    memberPage('/cardLdentify', identify, 'CardIdentifyChoicePage', ['cardscan']),
    memberPage('/suggestions', () => import('./routes/suggestions'), 'SuggestionsPage', ['info']),
    memberPage('/accountManagement', () => import('./routes/account'), 'AccountManagementPage'),
    memberPage('/loginMethod', loginMethods, 'LoginMethodsPage'),
    memberPage('/loginMethod/addEmail', loginMethods, 'AddEmailPage'),
    memberPage('/loginMethod/addMobile', loginMethods, 'AddMobilePage'),
    memberPage('/information/info', information, 'InformationPage', CARDS),
    memberPage('/information/edit', information, 'InformationEditPage', CARDS),
    memberPage('/cloud/list', () => import('./routes/cloud-list'), 'CloudListPage', CLOUD),
    memberPage('/cloud/search', () => import('./routes/cloud-search'), 'CloudSearchPage', CLOUD),
    memberPage('/cloud/category/list', () => import('./routes/cloud-category'), 'CloudCategoryPage', CLOUD),
    memberPage('/oauth/confirm/$appType/$appKey', () => import('./routes/oauth-confirm'), 'OAuthConfirmPage'),
  ]),
]);

export const router = createRouter({ routeTree, defaultPreload: 'intent', scrollRestoration: false });

/**
 * Starts fetching the code and messages of the screen at `pathname` while the app is still
 * starting (language, session), instead of after its first render.
 */
export function warmScreen(pathname: string): void {
  for (const match of router.matchRoutes(pathname)) {
    const route: object | undefined = (router.routesById as Record<string, object | undefined>)[match.routeId];
    if (route) warmers.get(route)?.();
  }
}

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
