import { Link, useParams } from '@tanstack/react-router';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Markdown from 'react-markdown';
import type { Policy } from '../api';
import { infoCalls } from '../clients/info';
import { useInstallPrompt } from '../components/info/install-prompt';
import { TutorialArt } from '../components/info/TutorialArt';
import { domainTarget } from '../lib/domain-rule';
import { isCancelled } from '../lib/request/errors';
import { NotFoundPage } from './not-found';
import '../components/account/account.css';
import '../components/info/info.css';

/** /about, /tutorial, /site, /policy/{type} and /dominHandle (issue 16). */

function InfoLinks() {
  const { t } = useTranslation();
  return (
    <ul className="account-links">
      <li>
        <Link to="/tutorial">
          <span>{t('info.pages.tutorial')}</span>
        </Link>
      </li>
      <li>
        <Link to="/policy/$type" params={{ type: 'privacy' }}>
          <span>{t('info.pages.privacy')}</span>
        </Link>
      </li>
      <li>
        <Link to="/policy/$type" params={{ type: 'terms' }}>
          <span>{t('info.pages.terms')}</span>
        </Link>
      </li>
      <li>
        <Link to="/suggestions">
          <span>{t('info.pages.feedback')}</span>
        </Link>
      </li>
    </ul>
  );
}

type Licence = { name: string; version: string; license: string; text: string };

export function AboutPage() {
  const { t } = useTranslation();
  const [licences, setLicences] = useState<Licence[] | 'missing' | null>(null);
  useEffect(() => {
    let live = true;
    fetch('/licenses.json')
      .then((res) => (res.ok ? (res.json() as Promise<Licence[]>) : Promise.reject(new Error(String(res.status)))))
      .then((list) => live && setLicences(list))
      .catch(() => live && setLicences('missing'));
    return () => {
      live = false;
    };
  }, []);
  return (
    <main className="page info-page">
      <h1>{t('info.pages.aboutTitle')}</h1>
      <p>{t('info.pages.aboutIntro')}</p>
      <p className="muted" data-testid="app-version">
        {t('info.pages.version', { version: __APP_VERSION__ })}
      </p>
      <InfoLinks />
      <section className="account-section" aria-labelledby="licences">
        <h2 id="licences">{t('info.pages.licencesTitle')}</h2>
        <p className="muted">{t('info.pages.licencesIntro')}</p>
        {licences === null ? <p aria-busy="true">{t('info.pages.licencesLoading')}</p> : null}
        {licences === 'missing' ? <p className="muted">{t('info.pages.licencesMissing')}</p> : null}
        {Array.isArray(licences) ? (
          <ul className="licences" data-testid="licences">
            {licences.map((l) => (
              <li key={`${l.name}@${l.version}`}>
                <details>
                  <summary>
                    <span className="licence-name">{l.name}</span> <span className="muted">{l.version}</span> ·{' '}
                    {l.license}
                  </summary>
                  {l.text ? <pre>{l.text}</pre> : null}
                </details>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </main>
  );
}

const STEPS = [1, 2, 3, 4] as const;

export function TutorialPage() {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  const n = STEPS[step] ?? 1;
  return (
    <main className="page info-page tutorial-page">
      <h1>{t('info.pages.tutorialTitle')}</h1>
      <section className="tutorial-step" aria-live="polite" aria-labelledby="tutorial-step-title">
        <TutorialArt step={n} />
        <p className="muted">{t('info.pages.step', { n, total: STEPS.length })}</p>
        <h2 id="tutorial-step-title">{t(`info.pages.step${n}Title`)}</h2>
        <p>{t(`info.pages.step${n}Body`)}</p>
      </section>
      <div className="tutorial-dots" aria-hidden="true">
        {STEPS.map((s, i) => (
          <span key={s} className={i === step ? 'active' : ''} />
        ))}
      </div>
      <div className="oauth-actions">
        <button type="button" className="btn btn-secondary" disabled={step === 0} onClick={() => setStep(step - 1)}>
          {t('info.pages.previous')}
        </button>
        {step < STEPS.length - 1 ? (
          <button type="button" className="btn btn-primary" onClick={() => setStep(step + 1)}>
            {t('info.pages.next')}
          </button>
        ) : (
          <Link to="/card/create" className="btn btn-primary">
            {t('info.pages.start')}
          </Link>
        )}
      </div>
    </main>
  );
}

export function SitePage() {
  const { t } = useTranslation();
  const install = useInstallPrompt();
  return (
    <main className="page info-page site-page">
      <div className="site-hero">
        <img src="/icons/icon-192.png" alt="" width="72" height="72" />
        <h1>{t('info.pages.siteTitle')}</h1>
        <p className="site-tagline">{t('info.pages.siteTagline')}</p>
      </div>
      <p>{t('info.pages.siteBody')}</p>
      {install.installed ? (
        <p className="info-done">{t('info.pages.installed')}</p>
      ) : install.prompt ? (
        <button type="button" className="btn btn-primary btn-block" onClick={() => void install.prompt?.()}>
          {t('info.pages.install')}
        </button>
      ) : (
        <p className="muted">{t('info.pages.installHint')}</p>
      )}
      <Link to="/tutorial" className="btn btn-secondary btn-block">
        {t('info.pages.openTutorial')}
      </Link>
      <InfoLinks />
    </main>
  );
}

export function PolicyPage() {
  const { t, i18n } = useTranslation();
  const { type = '' } = useParams({ strict: false }) as { type?: string };
  const [state, setState] = useState<{ policy: Policy } | 'loading' | 'missing' | 'offline'>('loading');
  const language = i18n.language;
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again in a newly chosen language
  useEffect(() => {
    let live = true;
    setState('loading');
    if (!/^[a-z][a-z0-9-]{0,31}$/.test(type)) {
      setState('missing');
      return;
    }
    infoCalls
      .policy(type)
      .then((policy) => live && setState({ policy }))
      .catch((err: unknown) => {
        if (!live || isCancelled(err)) return;
        setState(navigator.onLine ? 'missing' : 'offline');
      });
    return () => {
      live = false;
    };
  }, [type, language]);
  if (state === 'missing') return <NotFoundPage />;
  let body: ReactNode = null;
  if (state === 'loading') body = <p aria-busy="true" className="muted" />;
  else if (state === 'offline') body = <p className="account-notice">{t('info.pages.policyOffline')}</p>;
  else body = <Markdown>{state.policy.markdown}</Markdown>;
  return <main className="page info-page policy-page">{body}</main>;
}

/** SPEC §6: production hosts go to the main site's login page; test and local hosts stay. */
export function DomainHandlePage() {
  const { t } = useTranslation();
  useEffect(() => {
    let live = true;
    infoCalls
      .site()
      .then((site) => {
        if (!live) return;
        location.replace(domainTarget(location.hostname, site.production_hosts, site.main_site_url));
      })
      .catch(() => live && location.replace('/'));
    return () => {
      live = false;
    };
  }, []);
  return (
    <main className="page info-page">
      <p role="status" aria-busy="true" className="muted">
        {t('info.pages.domainChecking')}
      </p>
    </main>
  );
}
