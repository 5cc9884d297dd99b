import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/**
 * The end of an editor's form (my card, my company blocks): the form's error, if any, then
 * Cancel (back to `cancelTo`) and Save, the form's submit button. `saveLabel` replaces "Save"
 * (while saving, say).
 */
export function EditorActions(props: {
  formError: string;
  cancelTo: '/userHome' | '/card/info' | '/information/info';
  disabled: boolean;
  saveLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="editor-actions">
      {props.formError ? (
        <p className="form-error" role="alert">
          {props.formError}
        </p>
      ) : null}
      <div className="form-actions">
        <Link to={props.cancelTo} className="btn btn-ghost">
          {t('app.common.cancel')}
        </Link>
        <button type="submit" className="btn btn-primary" disabled={props.disabled}>
          {props.saveLabel ?? t('app.common.save')}
        </button>
      </div>
    </div>
  );
}
