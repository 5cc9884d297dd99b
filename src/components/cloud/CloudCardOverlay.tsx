import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CloudRow, PUBLIC_MATCH_MAX, type PublicMatch } from '../../api';
import { cloudCalls } from '../../clients/cloud';
import {
  type CloudCardRow,
  type CloudGroupRow,
  cloudCardSubtitle,
  cloudCardTitle,
  rowValues,
  usePhotoSrc,
} from '../../db';
import { NOT_GROUPED } from '../../db/cloud-changes';
import { useCloudCard, useCloudGroups, usePendingCloudIds } from '../../db/hooks/cloud';
import { enqueue } from '../../db/outbox';
import { type CardAction, mailAction, mapAction, phoneAction, websiteAction } from '../../lib/card-actions';
import { isCancelled } from '../../lib/request/errors';
import { addFriends } from '../../session/friend-adds';
import { ActionSheet } from '../ActionSheet';
import { CardPhotos } from '../card';
import { EntryAction } from '../card/CardDetails';
import { OverlayFrame } from '../OverlayFrame';
import { toast } from '../toast';
import { useCloseWhenGone } from '../use-close-when-gone';
import { useOnline } from '../use-online';
import { CloudCardEditor, cloudRowsValid, useCloudKeyLabel } from './CloudCardEditor';
import { cloudItemDeletes } from './deletes';
import { ExportFormatSheet } from './ExportFormatSheet';
import { saveCards, useCsvHeaders } from './use-export';
import '../friends/friends.css';
import './cloud.css';

/** SPEC §5 per key: what a row's icon opens. */
const ACTIONS: Partial<
  Record<string, { kind: 'map' | 'call' | 'mail' | 'site'; rule: (value: string) => CardAction }>
> = {
  address: { kind: 'map', rule: mapAction },
  tel: { kind: 'call', rule: phoneAction },
  email: { kind: 'mail', rule: mailAction },
  website: { kind: 'site', rule: websiteAction },
};

type Sheet = 'none' | 'move' | 'export';

/**
 * SPEC §2 cloud-card detail overlay: front and back images (flip when a back exists) and the
 * key/value rows with their SPEC §5 actions; edit the rows, move to a group, export (vCard,
 * CSV, made here), delete with undo. Every change goes through mutate(), so offline too. When
 * online, public Cardbook cards sharing an email or phone are offered as friends. It is a
 * full-screen layer over the page (and its footer nav), held in the page's state, so a route
 * change closes it.
 */
export function CloudCardOverlay(props: { cardId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const card = useCloudCard(props.cardId);
  const groups = useCloudGroups();
  const pendingIds = usePendingCloudIds();
  const [sheet, setSheet] = useState<Sheet>('none');
  const edit = useRowsEdit(card);
  useCloseWhenGone(card, props.onClose);

  const title = card ? cloudCardTitle(card) || t('cloud.list.unnamed') : '';
  const onDelete = () => {
    if (!card) return;
    cloudItemDeletes.hold({ kind: 'card', id: card.id, title });
    props.onClose();
  };

  return (
    <OverlayFrame
      title={t('cloud.card.title')}
      closeLabel={t('cloud.card.close')}
      className="cloud-overlay"
      onClose={props.onClose}
    >
      {!card ? (
        <p className="empty-note" role="status">
          {t('app.common.loading')}
        </p>
      ) : (
        <div className="friend-overlay-body">
          <Photos card={card} name={title} />
          <CloudCardNames
            card={card}
            title={title}
            group={groups?.find((g) => g.id === card.group_id) ?? null}
            pending={pendingIds.has(card.id)}
          />
          {edit.editing ? (
            <RowsForm
              rows={edit.editing}
              onChange={edit.setEditing}
              onCancel={() => edit.setEditing(null)}
              onSave={edit.save}
            />
          ) : (
            <>
              <CloudCardActions onEdit={() => edit.start(card.extension)} onSheet={setSheet} onDelete={onDelete} />
              <CloudRows rows={card.extension} />
              <PublicMatches card={card} />
            </>
          )}
        </div>
      )}
      {sheet === 'move' && card ? <MoveSheet card={card} groups={groups} onClose={() => setSheet('none')} /> : null}
      {sheet === 'export' ? <ExportSheet card={card} title={title} onClose={() => setSheet('none')} /> : null}
    </OverlayFrame>
  );
}

/**
 * Editing the rows: the rows in the form (null when not editing), and the rows it started from,
 * so that a pull landing while it is open does not undo another device's row.
 */
function useRowsEdit(card: CloudCardRow | null | undefined) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<CloudRow[] | null>(null);
  const [editFrom, setEditFrom] = useState<CloudRow[]>([]);

  const start = (rows: CloudRow[]) => {
    setEditFrom(rows);
    setEditing(rows.slice());
  };

  const save = async (rows: CloudRow[], form: HTMLFormElement) => {
    if (!card) return;
    if (!cloudRowsValid(rows)) {
      form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    const extension = rows.filter((r) => r.value.trim() !== '').map((r) => ({ key: r.key, value: r.value.trim() }));
    await enqueue('editCloudCard', { id: card.id, extension, extension_from: editFrom });
    setEditing(null);
    toast(t('cloud.card.saved'), 'success');
  };

  return { editing, setEditing, start, save };
}

/** The card's title, its company line, its group, and whether it waits to be sent. */
function CloudCardNames(props: { card: CloudCardRow; title: string; group: CloudGroupRow | null; pending: boolean }) {
  const { t } = useTranslation();
  const subtitle = cloudCardSubtitle(props.card);
  return (
    <div className="cloud-overlay-names">
      <p className="friend-overlay-name" data-testid="cloud-card-title">
        {props.title}
      </p>
      {subtitle ? <p className="friend-overlay-company">{subtitle}</p> : null}
      <p className="cloud-overlay-group" data-testid="cloud-card-group">
        {t('cloud.card.group', { group: props.group?.name ?? t('cloud.list.notGrouped') })}
      </p>
      {props.pending ? (
        <p className="friend-pending-note" role="note">
          {t('cloud.card.pending')}
        </p>
      ) : null}
    </div>
  );
}

/** The rows in the editor, with Cancel and Save. */
function RowsForm(props: {
  rows: CloudRow[];
  onChange: (rows: CloudRow[]) => void;
  onCancel: () => void;
  onSave: (rows: CloudRow[], form: HTMLFormElement) => Promise<void>;
}) {
  const { t } = useTranslation();
  return (
    <form
      className="cloud-edit"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void props.onSave(props.rows, e.currentTarget);
      }}
    >
      <CloudCardEditor rows={props.rows} onChange={props.onChange} />
      <div className="form-actions cloud-edit-actions">
        <button type="button" className="btn btn-ghost" onClick={props.onCancel}>
          {t('cloud.card.cancel')}
        </button>
        <button type="submit" className="btn btn-primary">
          {t('cloud.card.save')}
        </button>
      </div>
    </form>
  );
}

/** Edit, Move, Export and Delete. */
function CloudCardActions(props: { onEdit: () => void; onSheet: (sheet: Sheet) => void; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="friend-actions cloud-actions">
      <button type="button" className="btn btn-secondary" onClick={props.onEdit}>
        {t('cloud.card.edit')}
      </button>
      <button type="button" className="btn btn-secondary" onClick={() => props.onSheet('move')}>
        {t('cloud.card.move')}
      </button>
      <button type="button" className="btn btn-secondary" onClick={() => props.onSheet('export')}>
        {t('cloud.card.export')}
      </button>
      <button type="button" className="btn btn-ghost friend-delete" onClick={props.onDelete}>
        {t('cloud.card.delete')}
      </button>
    </div>
  );
}

/** Move the card to one of my cloud groups, or out of any ("Not grouped"). */
function MoveSheet(props: { card: CloudCardRow; groups: CloudGroupRow[] | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const { card, groups } = props;
  const move = async (key: string) => {
    props.onClose();
    const target = groups?.find((g) => g.id === key) ?? null;
    await enqueue('moveCloudCard', { cardId: card.id, groupId: target ? target.id : NOT_GROUPED });
    toast(t('cloud.card.moved', { group: target?.name ?? t('cloud.list.notGrouped') }), 'success');
  };
  return (
    <ActionSheet
      title={t('cloud.card.choose')}
      items={[
        ...(groups ?? []).map((g: CloudGroupRow) => ({
          key: g.id,
          label: g.name,
          selected: g.id === card.group_id,
        })),
        { key: NOT_GROUPED, label: t('cloud.list.notGrouped'), selected: card.group_id === '' },
      ]}
      cancelLabel={t('cloud.card.cancel')}
      onSelect={(key) => void move(key)}
      onCancel={props.onClose}
    />
  );
}

/** Export the card as a vCard or CSV file, named after its title. */
function ExportSheet(props: { card: CloudCardRow | null | undefined; title: string; onClose: () => void }) {
  const { t } = useTranslation();
  const csvHeaders = useCsvHeaders();
  const exportAs = (format: 'vcf' | 'csv') => {
    props.onClose();
    if (!props.card) return;
    try {
      saveCards([props.card], format, props.title, csvHeaders);
    } catch {
      toast(t('cloud.card.exportFailed'), 'error');
    }
  };
  return <ExportFormatSheet title={t('cloud.card.export')} onSelect={exportAs} onCancel={props.onClose} />;
}

function Photos({ card, name }: { card: CloudCardRow; name: string }) {
  const front = usePhotoSrc(card.photo);
  const back = usePhotoSrc(card.photo_bg);
  return <CardPhotos photo={card.photo} photo_back={card.photo_bg} name={name} srcs={{ front, back }} />;
}

/** The rows, each with its label and, for phone, email, website and address, its SPEC §5 action. */
export function CloudRows({ rows }: { rows: readonly CloudRow[] }) {
  const { t } = useTranslation();
  const label = useCloudKeyLabel();
  const shown = rows.filter((r) => r.value.trim() !== '');
  if (shown.length === 0) return <p className="empty-note">{t('cloud.card.noRows')}</p>;
  return (
    <ul className="entry-list cloud-row-list" data-testid="cloud-rows">
      {shown.map((row, i) => {
        const action = ACTIONS[row.key];
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: read-only rows, no identity of their own
          <li key={i} className="entry">
            <div className="entry-text">
              <span className="entry-label">{label(row.key)}</span>
              <span className="entry-main">{row.value}</span>
            </div>
            {action ? (
              <EntryAction
                kind={action.kind}
                action={action.rule(row.value)}
                value={row.value}
                label={label(row.key)}
              />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

type Match = PublicMatch['list'][number];

/**
 * Public cards on Cardbook holding one of this card's emails or phones (cloudCalls.publicMatches),
 * each offered as a friend through the outbox. Asked only when online; offline it says nothing.
 */
function PublicMatches({ card }: { card: CloudCardRow }) {
  const { t } = useTranslation();
  const online = useOnline();
  const [matches, setMatches] = useState<Match[]>([]);
  const [added, setAdded] = useState<ReadonlySet<string>>(new Set());
  const email = rowValues(card, 'email').slice(0, PUBLIC_MATCH_MAX);
  const tel = rowValues(card, 'tel').slice(0, PUBLIC_MATCH_MAX);
  const key = JSON.stringify([email, tel]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the email and tel lists
  useEffect(() => {
    if (!online || (email.length === 0 && tel.length === 0)) {
      setMatches([]);
      return;
    }
    const abort = new AbortController();
    cloudCalls
      .publicMatches({ email, tel }, abort.signal)
      .then(setMatches)
      .catch((err: unknown) => {
        if (!isCancelled(err)) setMatches([]);
      });
    return () => abort.abort();
  }, [online, key]);

  if (!online || matches.length === 0) return null;
  const add = async (m: Match) => {
    setAdded((s) => new Set([...s, m.share_str]));
    const outcome = await addFriends([m.share_str]);
    if (outcome !== 'refused')
      toast(outcome === 'added' ? t('cloud.card.added') : t('cloud.card.addQueued'), 'success');
  };
  return (
    <section className="cloud-matches" aria-label={t('cloud.card.matches')} data-testid="cloud-matches">
      <h3>{t('cloud.card.matches')}</h3>
      <ul className="entry-list">
        {matches.map((m) => {
          const name = m.name || m.english_name;
          return (
            <li key={m.share_str} className="entry">
              <div className="entry-text">
                <span className="entry-main">{name}</span>
                {m.company ? <span className="entry-sub">{m.company}</span> : null}
              </div>
              <button
                type="button"
                className="btn btn-secondary btn-inline"
                disabled={added.has(m.share_str)}
                onClick={() => void add(m)}
              >
                {added.has(m.share_str) ? t('cloud.card.added') : t('cloud.card.addFriend', { name })}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
