import { Outlet } from '@tanstack/react-router';
import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { TabBar } from '../components/TabBar';
import { TopBar, type TopBarOverlay } from '../components/TopBar';
import { Toaster } from '../components/toast';
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

function subscribeOnline(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

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
