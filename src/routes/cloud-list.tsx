import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionSheet } from '../components/ActionSheet';
import { CloudCardOverlay } from '../components/cloud/CloudCardOverlay';
import { CloudItem } from '../components/cloud/CloudItem';
import { cloudItemDeletes } from '../components/cloud/deletes';
import { saveCards, useCsvHeaders } from '../components/cloud/use-export';
import { CardIcon } from '../components/icons';
import { usePendingDeletes } from '../components/undo/pending-delete';
import { UndoBar } from '../components/undo/UndoBar';
import { type WindowedHeadings, WindowedList } from '../components/WindowedList';
import { type CloudCardRow, sectionsOf } from '../db';
import { useCloudCards, useCloudGroups, usePendingCloudIds } from '../db/hooks/cloud';
import { useSession, useSyncState } from '../db/hooks/session';
import '../components/friends/friends.css';
import '../components/cloud/cloud.css';

export const CLOUD_ROW_HEIGHT = 76;
export const CLOUD_HEAD_HEIGHT = 44;

/** Where the list was, kept while the app runs so coming back shows the same place. */
let lastScrollTop = 0;

/** One line of the list: a group's heading or a card. */
type Line =
  | { kind: 'head'; key: string; label: string; count: number }
  | { kind: 'item'; key: string; item: CloudCardRow };
type Head = Extract<Line, { kind: 'head' }>;

const HEADINGS: WindowedHeadings<Line> = {
  is: (line) => line.kind === 'head',
  height: CLOUD_HEAD_HEIGHT,
  className: 'cloud-section-head',
};
const lineKey = (line: Line) => line.key;

/**
 * /cloud/list: my cloud cards by cloud group (groups in their order, "Not grouped" last), read
 * from IndexedDB (live, offline) into one windowed list; the cloud-card overlay; delete with
 * undo. Header links to search, groups and the scanner.
 */
export function CloudListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const sync = useSyncState();
  const groups = useCloudGroups();
  const cards = useCloudCards();
  const pendingIds = usePendingCloudIds();
  const deletes = usePendingDeletes(cloudItemDeletes);
  const [open, setOpen] = useState<string | null>(null);
  const [exporting, setExporting] = useState<Head | null>(null);
  const onClose = useCallback(() => setOpen(null), []);
  const csvHeaders = useCsvHeaders();

  useEffect(() => {
    if (session === null) void navigate({ to: '/login' });
  }, [session, navigate]);

  const sections = useMemo(() => {
    if (!groups || !cards) return undefined;
    const hidden = new Set(deletes.map((d) => d.id));
    return sectionsOf(
      groups.filter((g) => !hidden.has(g.id)),
      hidden.size === 0 ? cards : cards.filter((c) => !hidden.has(c.id)),
    );
  }, [groups, cards, deletes]);

  const lines = useMemo(() => {
    const out: Line[] = [];
    for (const s of sections ?? []) {
      // "Not grouped" shows only when it holds cards.
      if (s.group === null && s.cards.length === 0) continue;
      out.push({
        kind: 'head',
        key: `g:${s.group?.id ?? ''}`,
        label: s.group?.name ?? t('cloud.list.notGrouped'),
        count: s.cards.length,
      });
      for (const card of s.cards) out.push({ kind: 'item', key: card.id, item: card });
    }
    return out;
  }, [sections, t]);

  const total = sections?.reduce((n, s) => n + s.cards.length, 0) ?? 0;
  const openCard = useCallback((c: CloudCardRow) => setOpen(c.id), []);
  const renderHead = useCallback(
    (line: Head) => (
      <div className="cloud-head-line">
        <h2>
          {line.label}
          <span className="cloud-head-count">{t('cloud.list.count', { count: line.count })}</span>
        </h2>
        {line.count > 0 ? (
          <button type="button" className="btn btn-ghost btn-inline" onClick={() => setExporting(line)}>
            {t('cloud.card.export')}
            <span className="visually-hidden"> {line.label}</span>
          </button>
        ) : null}
      </div>
    ),
    [t],
  );
  const renderLine = useCallback(
    (line: Line) =>
      line.kind === 'head' ? (
        renderHead(line)
      ) : (
        <CloudItem card={line.item} pending={pendingIds.has(line.item.id)} onOpen={openCard} />
      ),
    [renderHead, pendingIds, openCard],
  );

  const exportGroup = (format: string) => {
    const head = exporting;
    setExporting(null);
    if (!head) return;
    const id = head.key.slice(2);
    const section = sections?.find((s) => (s.group?.id ?? '') === id);
    if (section) saveCards(section.cards, format === 'vcf' ? 'vcf' : 'csv', head.label, csvHeaders);
  };

  const firstPull = total === 0 && sync.lastSyncAt === 0 && sync.online && navigator.onLine;
  const loading = session === undefined || sections === undefined || firstPull;

  return (
    <main className="page friends-page cloud-page">
      <div className="friends-head">
        <h1>{t('cloud.list.title')}</h1>
        <Link to="/cloud/search">{t('cloud.list.search')}</Link>
        <Link to="/cloud/category/list">{t('cloud.list.groups')}</Link>
        <Link to="/cloud/create" className="cloud-add" aria-label={t('cloud.list.add')}>
          <span aria-hidden="true">+</span>
        </Link>
      </div>
      {loading ? (
        <div aria-busy="true">
          <span className="visually-hidden" role="status">
            {t('cloud.list.loading')}
          </span>
          {[0, 1, 2, 3, 4].map((i) => (
            <div key={i} className="friends-skeleton-row" aria-hidden="true" />
          ))}
        </div>
      ) : total === 0 ? (
        <div className="status-page" data-testid="cloud-empty">
          <div className="card-empty-icon" aria-hidden="true">
            <CardIcon />
          </div>
          <h2>{t('cloud.list.emptyTitle')}</h2>
          <p>{t('cloud.list.emptyBody')}</p>
          <Link to="/cloud/create" className="btn btn-primary">
            {t('cloud.list.scan')}
          </Link>
        </div>
      ) : (
        <WindowedList
          items={lines}
          rowHeight={CLOUD_ROW_HEIGHT}
          headings={HEADINGS}
          itemKey={lineKey}
          renderRow={renderLine}
          label={t('cloud.list.title')}
          testId="cloud-list"
          initialScrollTop={lastScrollTop}
          onScrollTopChange={(top) => {
            lastScrollTop = top;
          }}
        />
      )}
      {exporting ? (
        <ActionSheet
          title={`${t('cloud.export.group')}: ${exporting.label}`}
          items={[
            { key: 'vcf', label: t('cloud.card.exportVcf') },
            { key: 'csv', label: t('cloud.card.exportCsv') },
          ]}
          cancelLabel={t('cloud.card.cancel')}
          onSelect={exportGroup}
          onCancel={() => setExporting(null)}
        />
      ) : null}
      {open !== null ? <CloudCardOverlay cardId={open} onClose={onClose} /> : null}
      <UndoBar deletes={cloudItemDeletes} />
    </main>
  );
}
