import { Outlet } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { TabBar } from '../components/TabBar';
import { TopBar, type TopBarOverlay } from '../components/TopBar';
import { Toaster } from '../components/toast';
import { useOnline } from '../components/use-online';
import { whenSessionSettled } from '../session/session-settled';
import { useSignedIn } from '../session/signed-in';
import { VersionGate } from './VersionGate';

// The sync worker it starts works on the session start-up settled; the top bar stands in until then.
const MemberChrome = lazy(() =>
  whenSessionSettled()
    .then(() => import('./MemberChrome'))
    .then((m) => ({ default: m.MemberChrome })),
);
const InstalledAppSheet = lazy(() =>
  import('../components/info/InstalledAppSheet').then((m) => ({ default: m.InstalledAppSheet })),
);

export function RootLayout() {
  const online = useOnline();
  const signedIn = useSignedIn();
  const [overlay, setOverlay] = useState<TopBarOverlay>('none');
  const bar = { open: overlay, onOpen: setOverlay };
  return (
    <div className={signedIn ? 'app has-tabs' : 'app'}>
      {signedIn ? (
        <Suspense fallback={<TopBar signedIn {...bar} />}>
          <MemberChrome online={online} bar={bar} />
        </Suspense>
      ) : (
        <TopBar signedIn={false} {...bar} />
      )}
      <Outlet />
      {signedIn ? <TabBar /> : null}
      <VersionGate />
      <Suspense fallback={null}>
        <InstalledAppSheet />
      </Suspense>
      <Toaster />
    </div>
  );
}
