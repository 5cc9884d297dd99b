import { useTranslation } from 'react-i18next';
import { EditorSection } from './editor-fields';
import type { ScanSuggestion } from './scan-handoff';

/**
 * What recognition read on my paper card where the card already holds something else: never
 * written over it, each offered to use or dismiss (issue 23).
 */
export function Suggestions(props: {
  items: readonly ScanSuggestion[];
  onUse: (item: ScanSuggestion) => void;
  onDismiss: (item: ScanSuggestion) => void;
}) {
  const { t } = useTranslation();
  const label = (item: ScanSuggestion) =>
    item.field === 'name'
      ? t('card.editor.name')
      : item.field === 'english_name'
        ? t('card.editor.englishName')
        : t(`card.sections.${item.field}`);
  return (
    <EditorSection title={t('card.editor.suggestions.title')}>
      <p className="editor-hint">{t('card.editor.suggestions.hint')}</p>
      <ul className="scan-suggestions" data-testid="scan-suggestions">
        {props.items.map((item) => (
          <li key={item.id} className="scan-suggestion">
            <span className="scan-suggestion-text">
              <span className="scan-suggestion-label">{label(item)}</span>
              <span className="scan-suggestion-value">{item.value}</span>
            </span>
            <span className="scan-suggestion-actions">
              <button
                type="button"
                className="btn btn-secondary btn-inline"
                aria-label={t('card.editor.suggestions.useLabel', { value: item.value })}
                onClick={() => props.onUse(item)}
              >
                {t('card.editor.suggestions.use')}
              </button>
              <button
                type="button"
                className="btn btn-ghost btn-inline"
                aria-label={t('card.editor.suggestions.dismissLabel', { value: item.value })}
                onClick={() => props.onDismiss(item)}
              >
                {t('card.editor.suggestions.dismiss')}
              </button>
            </span>
          </li>
        ))}
      </ul>
    </EditorSection>
  );
}
