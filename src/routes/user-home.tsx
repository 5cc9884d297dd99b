import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../components/Avatar';
import { ChevronIcon } from '../components/icons';
import { useMyCard } from '../db/hooks/card';
import { useShownProfile } from '../db/hooks/profile';
import { contactLine, displayName, personName } from '../lib/display-name';

/** The signed-in user's home: who I am, and where to go. Reads only IndexedDB, so it works offline. */
export function UserHomePage() {
  const { t } = useTranslation();
  const profile = useShownProfile();
  const card = useMyCard();
  if (profile === undefined || card === undefined) {
    return <main className="page" aria-busy="true" />;
  }
  // Called by their card's name when the profile has none (src/lib/display-name.ts).
  const who = profile ? { ...profile, card } : null;
  return (
    <main className="page">
      <section className="profile-head">
        <Avatar src={profile?.avatar} name={who ? displayName(who) : ''} size={72} />
        <div className="profile-head-text">
          <h1 data-testid="user-name">{who ? displayName(who) : ''}</h1>
          {who && personName(who) ? (
            <p className="muted">{contactLine(who)}</p>
          ) : (
            <Link to="/editMyProfile" className="profile-name-cta">
              {t('auth.profile.addName')}
            </Link>
          )}
        </div>
      </section>
      <ul className="list">
        {(
          [
            ['/myProfile', t('auth.profile.title')],
            ['/editMyProfile', t('auth.profile.edit')],
            ['/card/info', t('app.home.myCard')],
            ['/information/info', t('app.home.promotion')],
            ['/friendsList', t('app.nav.friends')],
            ['/resetPwd', t('auth.profile.changePassword')],
            ['/logout', t('app.nav.quit')],
          ] as const
        ).map(([to, label]) => (
          <li key={to}>
            <Link to={to} className="list-item">
              <span>{label}</span>
              <ChevronIcon />
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
