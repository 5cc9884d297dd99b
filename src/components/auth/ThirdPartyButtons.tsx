import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ThirdPartyIntent, ThirdPartyProvider } from '../../api';
import { thirdPartyCalls } from '../../clients/auth';
import { useOnline } from '../use-online';
import './third-party.css';

export const PROVIDER_NAMES: Record<ThirdPartyProvider, string> = { google: 'Google', facebook: 'Facebook' };

/** The providers this server offers (GET /api/auth/providers); none until known, or offline. */
export function useThirdPartyProviders(): ThirdPartyProvider[] {
  const online = useOnline();
  const [providers, setProviders] = useState<ThirdPartyProvider[]>([]);
  useEffect(() => {
    if (!online) return;
    let live = true;
    thirdPartyCalls
      .providers()
      .then((found) => live && setProviders(found))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [online]);
  return providers;
}

/**
 * Sends the browser to the provider (POST /api/auth/start); it comes back to
 * /auth/{provider}/callback. False when the call failed (the request client has said why).
 */
export async function startThirdParty(provider: ThirdPartyProvider, intent: ThirdPartyIntent): Promise<boolean> {
  try {
    location.assign(await thirdPartyCalls.start(provider, intent));
    return true;
  } catch {
    return false;
  }
}

/** "Continue with Google / Facebook" on the sign-in and sign-up screens; nothing when none is configured. */
export function ThirdPartyButtons() {
  const { t } = useTranslation();
  const providers = useThirdPartyProviders();
  const [busy, setBusy] = useState<ThirdPartyProvider | null>(null);
  if (providers.length === 0) return null;
  const go = async (provider: ThirdPartyProvider) => {
    setBusy(provider);
    if (!(await startThirdParty(provider, 'login'))) setBusy(null);
  };
  return (
    <div className="third-party">
      <p className="third-party-or">{t('auth.third.or')}</p>
      {providers.map((provider) => (
        <button
          key={provider}
          type="button"
          className={`btn btn-block third-party-btn third-party-${provider}`}
          disabled={busy !== null}
          onClick={() => void go(provider)}
        >
          <span className="third-party-mark" aria-hidden="true">
            {provider === 'google' ? 'G' : 'f'}
          </span>
          {busy === provider
            ? t('auth.third.working')
            : t('auth.third.continueWith', { provider: PROVIDER_NAMES[provider] })}
        </button>
      ))}
    </div>
  );
}
