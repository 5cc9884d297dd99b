// With its extension: the build's config imports this file natively (scripts/vite-plugin-app-shell.ts).
import { BellIcon, LogoMark, UserIcon } from './icons.tsx';

/**
 * What index.html shows before the app's code arrives, so a phone on a slow network paints the
 * app at once instead of a white page: the top bar as TopBar draws it (its buttons not live yet)
 * over an empty page marked busy. scripts/vite-plugin-app-shell.ts renders it into #root at build
 * time; React replaces it on its first render. The name is the same in every language.
 */
export function AppShell() {
  return (
    <>
      <header className="topbar">
        <a href="/" className="topbar-logo" aria-label="Cardbook">
          <LogoMark />
          <span>Cardbook</span>
        </a>
        <div className="topbar-actions" aria-hidden="true">
          <span className="icon-btn">
            <BellIcon />
          </span>
          <span className="icon-btn">
            <UserIcon />
          </span>
        </div>
      </header>
      <main className="page" aria-busy="true" />
    </>
  );
}
