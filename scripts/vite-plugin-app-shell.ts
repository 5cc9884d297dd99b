import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Plugin } from 'vite';
// With its extension: Vite loads its config natively, where an import names its file whole.
import { AppShell } from '../src/components/AppShell.tsx';

const ROOT = '<div id="root"></div>';

/** Puts the app shell (src/components/AppShell.tsx), rendered once, into index.html's #root. */
export function appShell(): Plugin {
  return {
    name: 'cardbook-app-shell',
    transformIndexHtml(html) {
      if (!html.includes(ROOT)) throw new Error(`app-shell: index.html has no ${ROOT}`);
      return html.replace(ROOT, `<div id="root">${renderToStaticMarkup(createElement(AppShell))}</div>`);
    },
  };
}
