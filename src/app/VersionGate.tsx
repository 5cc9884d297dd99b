import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkForNewVersion } from '../browser/version-check';
import { VersionDialog } from '../components/VersionDialog';

/** SPEC §4: before each navigation read /version.json; a new version offers the update dialog. */
export function VersionGate() {
  const { t } = useTranslation();
  const router = useRouter();
  const [version, setVersion] = useState<string | null>(null);
  const open = useRef(false);
  useEffect(() => {
    const check = () => {
      if (open.current) return;
      void checkForNewVersion({ current: __APP_VERSION__ }).then((next) => {
        if (next && !open.current) {
          open.current = true;
          setVersion(next);
        }
      });
    };
    check();
    return router.subscribe('onBeforeNavigate', check);
  }, [router]);
  if (!version) return null;
  return (
    <VersionDialog
      version={version}
      t={(key) => t(key as 'version.title')}
      onCancel={() => {
        open.current = false;
        setVersion(null);
      }}
    />
  );
}
