import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ensureSyncClient } from '../../browser/sync-client';
import { cardCalls } from '../../clients/card';
import { isEmailValue, isPhoneValue } from '../../lib/card-rules';
import { errorText, isCancelled } from '../../lib/request/errors';
import { Field } from '../forms';
import { useBusy } from '../use-busy';

/**
 * Joining an exchange needs a card: a person without one makes a quick card here (a name and a
 * phone number or an email address), saved at once through card/create, then goes on joining.
 * The rest of the card can be filled in later in the card editor.
 */
export function QuickCard({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [contact, setContact] = useState('');
  const [errors, setErrors] = useState<{ name?: string; contact?: string; form?: string }>({});
  const { busy, run } = useBusy();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const value = contact.trim();
    const email = value.includes('@');
    const next = {
      name: name.trim() ? undefined : t('server.cardNameRequired'),
      contact: (email ? isEmailValue(value) : isPhoneValue(value)) ? undefined : t('exchange.quickCard.contactInvalid'),
    };
    setErrors(next);
    if (next.name || next.contact) return;
    try {
      await run(async () => {
        const extension = {
          ...{ company: [], address: [], website: [], other: [], industry: [], social: [] },
          tel: email ? [] : [{ key: 'mobile', content: value }],
          email: email ? [{ key: 'work', content: value }] : [],
        };
        await cardCalls.create({
          name: name.trim(),
          english_name: '',
          photo: '',
          photo_back: '',
          profile: '',
          is_open: 0,
          extension,
        });
        // The new card reaches this device's IndexedDB by the next pull.
        ensureSyncClient().poke();
        onDone();
      });
    } catch (err) {
      if (!isCancelled(err)) setErrors({ form: errorText(err) });
    }
  };

  return (
    <form className="exchange-panel" onSubmit={(e) => void onSubmit(e)} noValidate data-testid="exchange-quick-card">
      <h2>{t('exchange.quickCard.title')}</h2>
      <p>{t('exchange.quickCard.body')}</p>
      <Field
        label={t('exchange.quickCard.name')}
        value={name}
        error={errors.name}
        autoComplete="name"
        maxLength={80}
        onChange={(e) => setName(e.target.value)}
      />
      <Field
        label={t('exchange.quickCard.contact')}
        value={contact}
        error={errors.contact}
        autoComplete="tel email"
        maxLength={120}
        onChange={(e) => setContact(e.target.value)}
      />
      {errors.form ? (
        <p className="form-error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {t('exchange.quickCard.save')}
      </button>
    </form>
  );
}
