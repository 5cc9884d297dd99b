import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type SetProfileBody, setProfileBodySchema } from '../api';
import { AvatarEditor } from '../components/avatar/AvatarEditor';
import { Field } from '../components/forms';
import { toast } from '../components/toast';
import type { ProfileRow } from '../db';
import { useProfile, useShownProfile } from '../db/hooks/profile';
import { enqueue } from '../db/outbox';
import { displayName } from '../lib/display-name';
import { fieldErrors } from '../lib/form-errors';

/** /myProfile: my profile, from IndexedDB (works offline). */
export function MyProfilePage() {
  const { t } = useTranslation();
  const profile = useProfile();
  if (!profile) return <main className="page" aria-busy="true" />;
  const sex = [t('auth.profile.sexes.unset'), t('auth.profile.sexes.male'), t('auth.profile.sexes.female')][
    profile.sex
  ];
  const rows: [string, string][] = [
    [t('auth.profile.fullName'), profile.fullName],
    [t('auth.profile.englishName'), profile.english_name],
    [t('auth.profile.sex'), sex ?? ''],
    [t('auth.profile.age'), profile.age === null ? '' : String(profile.age)],
    [t('auth.profile.birth'), profile.birth ?? ''],
    [t('auth.profile.about'), profile.profile],
  ];
  return (
    <main className="page">
      <div className="page-title-row">
        <h1>{t('auth.profile.title')}</h1>
        <Link to="/editMyProfile" className="btn btn-secondary">
          {t('app.common.edit')}
        </Link>
      </div>
      <dl className="details" data-testid="profile-details">
        {rows.map(([label, value]) => (
          <div key={label} className="details-row">
            <dt>{label}</dt>
            <dd>{value || <span className="muted">{t('app.common.notSet')}</span>}</dd>
          </div>
        ))}
      </dl>
      <Link to="/loginMethod" className="btn btn-secondary btn-block profile-link">
        {t('auth.methods.title')}
      </Link>
    </main>
  );
}

type Draft = { fullName: string; english_name: string; sex: 0 | 1 | 2; age: string; birth: string; profile: string };

const draftOf = (p: ProfileRow): Draft => ({
  fullName: p.fullName,
  english_name: p.english_name,
  sex: p.sex,
  age: p.age === null ? '' : String(p.age),
  birth: p.birth ?? '',
  profile: p.profile,
});

/** /editMyProfile: saved to IndexedDB and the outbox at once; the sync worker sends it when it can. */
export function EditProfilePage() {
  const profile = useProfile();
  if (!profile) return <main className="page" aria-busy="true" />;
  return <EditProfileForm profile={profile} />;
}

/** The fields changed from what the form opened with, as the setProfile body has them. */
function changedFields(before: Draft, draft: Draft): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (draft.fullName !== before.fullName) body.fullName = draft.fullName;
  if (draft.english_name !== before.english_name) body.english_name = draft.english_name;
  if (draft.sex !== before.sex) body.sex = draft.sex;
  if (draft.age !== before.age) body.age = draft.age === '' ? null : Number(draft.age);
  if (draft.birth !== before.birth) body.birth = draft.birth === '' ? null : draft.birth;
  if (draft.profile !== before.profile) body.profile = draft.profile;
  return body;
}

/** The draft being edited, its errors, and saving what changed through the outbox. */
function useProfileDraft(profile: ProfileRow) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // What the form opened with: only fields changed from it are sent, so a field another device
  // changed meanwhile is not overwritten with the value this form happened to show.
  const [opened] = useState(() => draftOf(profile));
  const [draft, setDraft] = useState(opened);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = setProfileBodySchema.safeParse(changedFields(opened, draft));
    if (!parsed.success) {
      setErrors(Object.fromEntries(Object.entries(fieldErrors(parsed.error)).map(([k, v]) => [k, t(v)])));
      return;
    }
    if (Object.keys(parsed.data).length > 0) await enqueue('setProfile', parsed.data as SetProfileBody);
    toast(navigator.onLine ? t('auth.profile.saved') : t('auth.profile.savedOffline'), 'success');
    await navigate({ to: '/myProfile' });
  };

  return { draft, set, errors, onSubmit };
}

function EditProfileForm({ profile }: { profile: ProfileRow }) {
  const { t } = useTranslation();
  const shown = useShownProfile();
  const { draft, set, errors, onSubmit } = useProfileDraft(profile);

  return (
    <main className="page">
      <h1>{t('auth.profile.edit')}</h1>
      <AvatarEditor avatar={shown?.avatar ?? ''} name={displayName(profile)} />
      <form className="form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <Field
          label={t('auth.profile.fullName')}
          name="fullName"
          autoComplete="name"
          value={draft.fullName}
          error={errors.fullName}
          onChange={(e) => set({ fullName: e.target.value })}
        />
        <Field
          label={t('auth.profile.englishName')}
          name="english_name"
          value={draft.english_name}
          error={errors.english_name}
          onChange={(e) => set({ english_name: e.target.value })}
        />
        <SexChoice sex={draft.sex} onChange={(sex) => set({ sex })} />
        <Field
          label={t('auth.profile.age')}
          name="age"
          inputMode="numeric"
          value={draft.age}
          error={errors.age}
          onChange={(e) => set({ age: e.target.value.replace(/\D/g, '') })}
        />
        <Field
          label={t('auth.profile.birth')}
          name="birth"
          type="date"
          value={draft.birth}
          error={errors.birth}
          onChange={(e) => set({ birth: e.target.value })}
        />
        <div className="field">
          <label htmlFor="profile-about">{t('auth.profile.about')}</label>
          <textarea
            id="profile-about"
            name="profile"
            rows={4}
            maxLength={2000}
            value={draft.profile}
            onChange={(e) => set({ profile: e.target.value })}
          />
        </div>
        <div className="form-actions">
          <Link to="/myProfile" className="btn btn-ghost">
            {t('app.common.cancel')}
          </Link>
          <button type="submit" className="btn btn-primary">
            {t('app.common.save')}
          </button>
        </div>
      </form>
    </main>
  );
}

function SexChoice({ sex: current, onChange }: { sex: Draft['sex']; onChange: (sex: Draft['sex']) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="field">
      <legend>{t('auth.profile.sex')}</legend>
      <div className="segmented">
        {([0, 1, 2] as const).map((sex) => (
          <label key={sex} className={current === sex ? 'active' : ''}>
            <input type="radio" name="sex" checked={current === sex} onChange={() => onChange(sex)} />
            {[t('auth.profile.sexes.unset'), t('auth.profile.sexes.male'), t('auth.profile.sexes.female')][sex]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
