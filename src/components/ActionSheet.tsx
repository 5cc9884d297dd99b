import { useDismiss } from './use-dismiss';

export type ActionSheetItem = { key: string; label: string; selected?: boolean };

/** A bottom sheet of choices (the language picker of SPEC §2). Escape or the backdrop cancels. */
export function ActionSheet(props: {
  title: string;
  items: ActionSheetItem[];
  cancelLabel: string;
  onSelect: (key: string) => void;
  onCancel: () => void;
}) {
  const first = useDismiss<HTMLButtonElement>(props.onCancel);
  return (
    <div className="sheet-backdrop">
      <button type="button" className="backdrop-hit" tabIndex={-1} aria-hidden="true" onClick={props.onCancel} />
      <div className="sheet" role="dialog" aria-modal="true" aria-label={props.title}>
        <div className="sheet-title">{props.title}</div>
        <ul className="sheet-list">
          {props.items.map((item, i) => (
            <li key={item.key}>
              <button
                ref={i === 0 ? first : undefined}
                type="button"
                className="sheet-item"
                aria-current={item.selected ? 'true' : undefined}
                onClick={() => props.onSelect(item.key)}
              >
                {item.label}
                {item.selected ? <span aria-hidden="true"> ✓</span> : null}
              </button>
            </li>
          ))}
        </ul>
        <button type="button" className="sheet-item sheet-cancel" onClick={props.onCancel}>
          {props.cancelLabel}
        </button>
      </div>
    </div>
  );
}
