import { useTranslation } from 'react-i18next';
import type { CompanyItem, CompanyItemType } from '../../api';
import { EditorActions } from '../EditorActions';
import { BlockEditor } from './BlockEditor';
import './company.css';
import { BLOCK_TYPES, COMPANY_ITEMS_MAX, canAdd, canMove, type DraftBlock } from './draft';
import { PlusIcon } from './icons';
import { NO_UPLOAD, useCompanyDraft } from './use-company-draft';

/**
 * /information/edit: the ordered list of blocks, edited as a draft and saved whole. Saving
 * writes IndexedDB and the outbox at once (`saveCompany`), so it works offline; files are
 * uploaded when picked, which needs the network (the draft stays as it is when that fails).
 */
export function CompanyEditor({ initial }: { initial: readonly CompanyItem[] }) {
  const company = useCompanyDraft(initial);
  return (
    <form className="company-editor" noValidate onSubmit={(e) => void company.onSubmit(e)}>
      <BlockList editor={company} />
      <AddBlock draft={company.draft} onAdd={company.add} />
      <EditorActions
        formError={company.formError}
        cancelTo="/information/info"
        disabled={company.saving || company.uploading}
      />
    </form>
  );
}

/** Every block of the draft in order, a deleted one as its Undo row. */
function BlockList({ editor }: { editor: ReturnType<typeof useCompanyDraft> }) {
  const { draft, errors, uploads } = editor;
  let n = 0;
  return (
    <div ref={editor.list} className="block-list">
      {draft.map((block) => {
        if (block.deleted) return <DeletedRow key={block.key} block={block} onUndo={() => editor.undo(block.key)} />;
        n += 1;
        return (
          <BlockEditor
            key={block.key}
            block={block}
            index={n}
            errors={errors[block.key] ?? {}}
            upload={uploads[block.key] ?? NO_UPLOAD}
            canUp={canMove(draft, block.key, -1)}
            canDown={canMove(draft, block.key, 1)}
            onChange={(item) => editor.change(block.key, item)}
            onMove={(dir) => editor.move(block.key, dir)}
            onDelete={() => editor.remove(block.key)}
            onPick={(kind, files) => void editor.pick(block.key, kind, files)}
          />
        );
      })}
    </div>
  );
}

/** One button per block type, while there is room for one more block. */
function AddBlock({ draft, onAdd }: { draft: readonly DraftBlock[]; onAdd: (type: CompanyItemType) => void }) {
  const { t } = useTranslation();
  return (
    <section className="block-add" aria-labelledby="block-add-heading">
      <h2 id="block-add-heading">{t('company.editor.addHeading')}</h2>
      {canAdd(draft) ? (
        <div className="block-add-grid">
          {BLOCK_TYPES.map((type) => (
            <button
              key={type}
              type="button"
              className="btn block-add-btn"
              aria-label={t('company.editor.add', { type: t(`company.types.${type}`) })}
              onClick={() => onAdd(type)}
            >
              <PlusIcon />
              {t(`company.types.${type}`)}
            </button>
          ))}
        </div>
      ) : (
        <p className="muted">{t('company.editor.limit', { max: COMPANY_ITEMS_MAX })}</p>
      )}
    </section>
  );
}

function DeletedRow({ block, onUndo }: { block: DraftBlock; onUndo: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="block-deleted" data-block={block.key} role="status">
      <span>{t('company.editor.deleted', { type: t(`company.types.${block.item.type}`) })}</span>
      <button type="button" className="btn btn-ghost btn-inline" data-action="undo" onClick={onUndo}>
        {t('company.editor.undo')}
      </button>
    </div>
  );
}
