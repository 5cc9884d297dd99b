import { createRootRoute, createRoute, createRouter, lazyRouteComponent } from '@tanstack/react-router';
import { RootLayout } from './app/RootLayout';
import { type FeatureKey, NotAvailableRoute } from './routes/not-available';
import { NotFoundPage } from './routes/not-found';

/**
 * Every route of SPEC §2. Screens load on demand (one chunk each); routes whose feature comes
 * in a later release show an honest "not available yet" page in the user's language.
 */
const rootRoute = createRootRoute({ component: RootLayout, notFoundComponent: NotFoundPage });

const page = <P extends string>(path: P, load: Parameters<typeof lazyRouteComponent>[0], exportName: string) =>
  createRoute({ getParentRoute: () => rootRoute, path, component: lazyRouteComponent(load, exportName) });
const later = <P extends string>(path: P, feature: FeatureKey) =>
  createRoute({ getParentRoute: () => rootRoute, path, component: NotAvailableRoute, staticData: { feature } });

const auth = () => import('./routes/auth');
const profile = () => import('./routes/profile');
const information = () => import('./routes/information');

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
  page('/userHome', () => import('./routes/user-home'), 'UserHomePage'),
  page('/myProfile', profile, 'MyProfilePage'),
  page('/editMyProfile', profile, 'EditProfilePage'),
  later('/friendsList', 'friends'),
  later('/search', 'friends'),
  later('/friendsCategory', 'friends'),
  page('/card/create', () => import('./routes/card-create'), 'CardCreatePage'),
  later('/card/identify/$imgPosition/$callbackPath/$cardId', 'scan'),
  page('/card/info', () => import('./routes/card-info'), 'CardInfoPage'),
  later('/exclusiveCard', 'exclusive'),
  later('/bindExclusiveCard/$no', 'exclusive'),
  page('/myQrCode', () => import('./routes/my-qr-code'), 'MyQrCodePage'),
  later('/scanqrcode', 'scan'),
  later('/cardLdentify', 'scan'),
  later('/site', 'site'),
  later('/about', 'about'),
  later('/tutorial', 'tutorial'),
  later('/suggestions', 'suggestions'),
  later('/accountManagement', 'account'),
  later('/loginMethod', 'loginMethod'),
  later('/loginMethod/addEmail', 'loginMethod'),
  later('/loginMethod/addMobile', 'loginMethod'),
  page('/s/$shareKey', () => import('./routes/shared-card'), 'SharedCardPage'),
  later('/ex/$roomCode', 'exchange'),
  later('/dominHandle', 'domain'),
  page('/information/info', information, 'InformationPage'),
  page('/information/edit', information, 'InformationEditPage'),
  later('/policy/$type', 'policy'),
  page('/noFoundCard', () => import('./routes/no-found-card'), 'NoFoundCardPage'),
  later('/cloud/list', 'cloud'),
  later('/cloud/create', 'cloud'),
  later('/cloud/search', 'cloud'),
  later('/cloud/category/list', 'cloud'),
  later('/oauth/confirm/$appType/$appKey', 'oauth'),
]);

export const router = createRouter({ routeTree, defaultPreload: 'intent', scrollRestoration: false });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
