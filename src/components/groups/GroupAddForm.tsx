import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GroupTexts } from './texts';

/** The field and button that add a group; `onAdd` gets the trimmed name and says whether it was added. */
export function GroupAddForm(props: { texts: GroupTexts; nameMax: number; onAdd: (name: string) => Promise<boolean> }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const id = useId();
  const add = async () => {
    const trimmed = name.trim();
    if (trimmed && (await props.onAdd(trimmed))) setName('');
  };
  return (
    <form
      className="group-add"
      onSubmit={(e) => {
        e.preventDefault();
        void add();
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {t(`${props.texts}.name`)}
      </label>
      <input
        id={id}
        value={name}
        maxLength={props.nameMax}
        placeholder={t(`${props.texts}.add`)}
        onChange={(e) => setName(e.target.value)}
      />
      <button type="submit" className="btn btn-primary" disabled={!name.trim()}>
        {t(`${props.texts}.create`)}
      </button>
    </form>
  );
}
