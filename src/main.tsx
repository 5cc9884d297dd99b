import { loadLanguage, storedLocale } from './i18n/locale-choice';
import './styles.css';

// The app's entry, kept small: the chosen language's messages start loading at once, beside the
// app itself (./boot.tsx), instead of after the app has loaded. The first screen needs both.
loadLanguage(storedLocale()).catch(() => undefined);
void import('./boot');
