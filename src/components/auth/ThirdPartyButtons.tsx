import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  providersResponseSchema,
  type ThirdPartyIntent,
  type ThirdPartyProvider,
  thirdPartyStartResponseSchema,
} from '../../api';
import { api } from '../../clients/api';
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
    api
      .get('/api/auth/providers', { schema: providersResponseSchema, silent: true })
      .then((res) => live && setProviders(res.data.providers))
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
    const res = await api.post('/api/auth/start', { provider, intent }, { schema: thirdPartyStartResponseSchema });
    location.assign(res.data.url);
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
