import { useTranslation } from 'react-i18next';
import { endpointPath } from '../../api/endpoint';
import { accountEndpoints } from '../../api/sessions';
import { langHeader } from '../../i18n';
import { getToken } from '../../session/signed-in';
import { toast } from '../toast';
import { useBusy } from '../use-busy';
import { useOnline } from '../use-online';

/** "Export all my data": GET /api/user/export (src/api/export.ts), saved as the file it names. */
export function ExportData() {
  const { t } = useTranslation();
  const online = useOnline();
  const { busy, run } = useBusy();

  const download = async () => {
    try {
      await run(async () => {
        const res = await fetch(endpointPath(accountEndpoints.export.path), {
          headers: { token: getToken() ?? '', lang: langHeader() },
        });
        if (!res.ok) {
          const body = (await res.json().catch(() => null)) as { msg?: string } | null;
          toast(body?.msg || t('http.networkNotGood'), 'error');
          return;
        }
        const name =
          /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'cardbook-export.json';
        const url = URL.createObjectURL(await res.blob());
        const link = document.createElement('a');
        link.href = url;
        link.download = name;
        link.click();
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
      });
    } catch {
      toast(t('auth.accounts.offline'), 'error');
    }
  };

  return (
    <section className="account-section" aria-labelledby="account-data">
      <h2 id="account-data">{t('auth.accounts.dataTitle')}</h2>
      <p className="muted">{t('auth.accounts.exportHint')}</p>
      <button
        type="button"
        className="btn btn-secondary btn-block"
        disabled={busy || !online}
        onClick={() => void download()}
      >
        {busy ? t('auth.accounts.exporting') : t('auth.accounts.exportData')}
      </button>
    </section>
  );
}
