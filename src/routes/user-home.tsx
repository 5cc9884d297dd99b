import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../components/Avatar';
import { ChevronIcon } from '../components/icons';
import { useProfile, useSession } from '../session/hooks';

/** The signed-in user's home: who I am, and where to go. Reads only IndexedDB, so it works offline. */
export function UserHomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const profile = useProfile();
  if (session === null) {
    void navigate({ to: '/login' });
    return null;
  }
  if (profile === undefined || session === undefined) return <main className="page" aria-busy="true" />;
  return (
    <main className="page">
      <section className="profile-head">
        <Avatar src={profile?.avatar} name={profile?.fullName || profile?.email} size={72} />
        <div>
          <h1 data-testid="user-name">{profile?.fullName || t('app.common.notSet')}</h1>
          <p className="muted">{profile?.email ?? (profile?.mobile ? `${profile.area} ${profile.mobile}` : '')}</p>
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
