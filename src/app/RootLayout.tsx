import { Outlet } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { SetPasswordPrompt } from '../components/SetPasswordPrompt';
import { SyncIndicator } from '../components/SyncIndicator';
import { TopBar } from '../components/TopBar';
import { Toaster } from '../components/toast';
import { VersionGate } from './VersionGate';

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
  return (
    <div className="app">
      <TopBar />
      <Outlet />
      <SyncIndicator online={online} />
      <SetPasswordPrompt />
      <VersionGate />
      <Toaster />
    </div>
  );
}
