import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** The two searches (from /search): my card holder, on this device, or the directory of public cards. */
export function SearchScopes({ current }: { current: 'holder' | 'public' }) {
  const { t } = useTranslation();
  return (
    <nav className="search-scopes" aria-label={t('friends.publicSearch.scopes')}>
      <Link to="/search" className="search-scope" aria-current={current === 'holder' ? 'page' : undefined}>
        {t('friends.publicSearch.holder')}
      </Link>
      <Link to="/search/public" className="search-scope" aria-current={current === 'public' ? 'page' : undefined}>
        {t('friends.publicSearch.public')}
      </Link>
    </nav>
  );
}
