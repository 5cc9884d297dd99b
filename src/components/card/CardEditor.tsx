import { useTranslation } from 'react-i18next';
import { CARD_PROFILE_MAX } from '../../api';
import { EditorActions } from '../EditorActions';
import type { CardDraft, DraftError } from './draft';
import { EditorSection, type ErrorMessage, OpenSwitch, TextField } from './editor-fields';
import { ListEditor } from './ListEditor';
import { PhotoPicker } from './PhotoPicker';
import { Suggestions } from './Suggestions';
import type { ScanSuggestion } from './scan-handoff';
import { PHOTO_MAX_MB, useCardDraft } from './use-card-draft';
import './card.css';
import './editor.css';

/** The lists in the order of the card view (SPEC §2), company included. */
const LISTS = ['industry', 'company', 'address', 'tel', 'email', 'website', 'other', 'social'] as const;

/** What a section of the editor is given: the draft, its errors, and a way to set fields. */
type SectionProps = {
  draft: CardDraft;
  errors: Record<string, DraftError>;
  message: ErrorMessage;
  onSet: (patch: Partial<CardDraft>) => void;
};

/**
 * /card/create: my whole card as a draft, saved at once. Saving writes IndexedDB and the outbox
 * in one transaction (`saveCard`), so it works offline. A picked photo is kept on this device
 * right away (`stageFile`) and the draft holds its `local:` reference; the sync worker uploads
 * it before sending the change.
 */
export function CardEditor({
  initial,
  isNew,
  start,
  ...props
}: {
  initial: CardDraft;
  isNew: boolean;
  /** Where editing starts when not from `initial` (fields recognized on my paper card): saving sends the difference. */
  start?: CardDraft;
  /** What was recognized on my paper card that the card already had something else for. */
  suggestions?: readonly ScanSuggestion[];
}) {
  const { t } = useTranslation();
  const card = useCardDraft({ initial, isNew, start, suggestions: props.suggestions });
  const section = { draft: card.draft, errors: card.errors, message: card.message, onSet: card.set };
  return (
    <form ref={card.form} className="card-editor" noValidate onSubmit={(e) => void card.onSubmit(e)}>
      <PhotosSection {...section} onPick={card.pickPhoto} />
      {card.offered.length > 0 ? (
        <Suggestions items={card.offered} onUse={card.acceptOffer} onDismiss={card.dismissOffer} />
      ) : null}
      <BasicsSection {...section} />
      {LISTS.map((list) => (
        <ListEditor
          key={list}
          list={list}
          draft={card.draft}
          errors={card.errors}
          message={card.message}
          onDraft={card.changeDraft}
          onClear={card.clear}
        />
      ))}
      <EditorActions
        formError={card.formError}
        cancelTo={isNew ? '/userHome' : '/card/info'}
        disabled={card.saving || card.staging > 0}
        saveLabel={card.saving ? t('card.editor.saving') : undefined}
      />
    </form>
  );
}

/** The front and back photos of my paper card. */
function PhotosSection(
  props: SectionProps & { onPick: (field: 'photo' | 'photo_back', file: File) => Promise<string | null> },
) {
  const { t } = useTranslation();
  const { draft, errors, message, onSet } = props;
  return (
    <EditorSection title={t('card.editor.photos')}>
      <div className="photo-pickers">
        <PhotoPicker
          side="front"
          label={t('card.editor.front')}
          value={draft.photo}
          error={message(errors.photo)}
          onPick={(file) => props.onPick('photo', file)}
          onRemove={() => onSet({ photo: '' })}
        />
        <PhotoPicker
          side="back"
          label={t('card.editor.back')}
          value={draft.photo_back}
          error={message(errors.photo_back)}
          onPick={(file) => props.onPick('photo_back', file)}
          onRemove={() => onSet({ photo_back: '' })}
        />
      </div>
      <p className="editor-hint">{t('card.editor.photoHint', { max: PHOTO_MAX_MB })}</p>
    </EditorSection>
  );
}

/** Name, English name, profile and whether the card is open to all. */
function BasicsSection({ draft, errors, message, onSet }: SectionProps) {
  const { t } = useTranslation();
  return (
    <EditorSection title={t('card.editor.basics')}>
      <TextField
        label={t('card.editor.name')}
        name="name"
        autoComplete="name"
        maxLength={80}
        value={draft.name}
        error={message(errors.name)}
        onChange={(name) => onSet({ name })}
      />
      <TextField
        label={t('card.editor.englishName')}
        name="english_name"
        lang="en"
        maxLength={80}
        value={draft.english_name}
        error={message(errors.english_name)}
        onChange={(english_name) => onSet({ english_name })}
      />
      <TextField
        label={t('card.editor.profile')}
        name="profile"
        multiline
        maxLength={CARD_PROFILE_MAX}
        value={draft.profile}
        error={message(errors.profile)}
        onChange={(profile) => onSet({ profile })}
      />
      <OpenSwitch checked={draft.is_open === 1} onChange={(open) => onSet({ is_open: open ? 1 : 0 })} />
    </EditorSection>
  );
}
