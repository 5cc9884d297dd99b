import { useTranslation } from 'react-i18next';
import { currentLocale, switchLocale } from '../i18n';
import { LANGUAGE_NAMES, LOCALES, type Locale } from '../i18n/langs';
import { ActionSheet } from './ActionSheet';
import { toast } from './toast';

/** SPEC §2: choose in an action sheet, see a success message, then the page reloads. */
export function LanguagePicker({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const current = currentLocale();
  const choose = async (key: string) => {
    const locale = key as Locale;
    await switchLocale(locale);
    onClose();
    toast(i18n.t('app.language.changed'), 'success', 800);
    setTimeout(() => location.reload(), 800);
  };
  return (
    <ActionSheet
      title={t('app.language.title')}
      cancelLabel={t('app.language.cancel')}
      items={LOCALES.map((l) => ({ key: l, label: LANGUAGE_NAMES[l], selected: l === current }))}
      onSelect={(key) => void choose(key)}
      onCancel={onClose}
    />
  );
}
