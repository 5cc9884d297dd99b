import { Link } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloudCardOverlay } from '../components/cloud/CloudCardOverlay';
import { CloudItem } from '../components/cloud/CloudItem';
import { cloudItemDeletes } from '../components/cloud/deletes';
import { ExportFormatSheet } from '../components/cloud/ExportFormatSheet';
import { saveCards, useCsvHeaders } from '../components/cloud/use-export';
import { awaitingFirstPull, ListEmpty, ListHead, ListLoading } from '../components/ListPage';
import { usePendingDeletes } from '../components/undo/pending-delete';
import { UndoBar } from '../components/undo/UndoBar';
import { type WindowedHeadings, WindowedList } from '../components/WindowedList';
import { type CloudCardRow, sectionsOf } from '../db';
import { useCloudCards, useCloudGroups, usePendingCloudIds } from '../db/hooks/cloud';
import { useSyncState } from '../db/hooks/session';
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
type Section = ReturnType<typeof sectionsOf>[number];

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
  const sync = useSyncState();
  const sections = useShownSections();
  const pendingIds = usePendingCloudIds();
  const [open, setOpen] = useState<string | null>(null);
  const [exporting, setExporting] = useState<Head | null>(null);
  const onClose = useCallback(() => setOpen(null), []);

  const total = sections?.reduce((n, s) => n + s.cards.length, 0) ?? 0;
  const firstPull = awaitingFirstPull(total === 0, sync);
  const loading = sections === undefined || firstPull;

  return (
    <main className="page friends-page cloud-page">
      <ListHead title={t('cloud.list.title')}>
        <Link to="/cloud/search">{t('cloud.list.search')}</Link>
        <Link to="/cloud/category/list">{t('cloud.list.groups')}</Link>
        <Link to="/cloud/create" className="cloud-add" aria-label={t('cloud.list.add')}>
          <span aria-hidden="true">+</span>
        </Link>
      </ListHead>
      {loading ? (
        <ListLoading label={t('cloud.list.loading')} />
      ) : total === 0 ? (
        <ListEmpty title={t('cloud.list.emptyTitle')} body={t('cloud.list.emptyBody')} testId="cloud-empty">
          <Link to="/cloud/create" className="btn btn-primary">
            {t('cloud.list.scan')}
          </Link>
        </ListEmpty>
      ) : (
        <CloudLines sections={sections} pendingIds={pendingIds} onOpen={setOpen} onExport={setExporting} />
      )}
      {exporting ? <ExportGroupSheet head={exporting} sections={sections} onClose={() => setExporting(null)} /> : null}
      {open !== null ? <CloudCardOverlay cardId={open} onClose={onClose} /> : null}
      <UndoBar deletes={cloudItemDeletes} />
    </main>
  );
}

/** The sections of the list (groups and their cards), less what waits on its undo. */
function useShownSections(): Section[] | undefined {
  const groups = useCloudGroups();
  const cards = useCloudCards();
  const deletes = usePendingDeletes(cloudItemDeletes);
  return useMemo(() => {
    if (!groups || !cards) return undefined;
    const hidden = new Set(deletes.map((d) => d.id));
    return sectionsOf(
      groups.filter((g) => !hidden.has(g.id)),
      hidden.size === 0 ? cards : cards.filter((c) => !hidden.has(c.id)),
    );
  }, [groups, cards, deletes]);
}

/** The lines of the windowed list: each section's heading, then its cards. */
function linesOf(sections: readonly Section[] | undefined, notGrouped: string): Line[] {
  const out: Line[] = [];
  for (const s of sections ?? []) {
    // "Not grouped" shows only when it holds cards.
    if (s.group === null && s.cards.length === 0) continue;
    out.push({
      kind: 'head',
      key: `g:${s.group?.id ?? ''}`,
      label: s.group?.name ?? notGrouped,
      count: s.cards.length,
    });
    for (const card of s.cards) out.push({ kind: 'item', key: card.id, item: card });
  }
  return out;
}

/** Every section in one windowed list: its heading (with Export) and its cards. */
function CloudLines(props: {
  sections: Section[] | undefined;
  pendingIds: ReadonlySet<string>;
  onOpen: (id: string) => void;
  onExport: (head: Head) => void;
}) {
  const { t } = useTranslation();
  const { sections, pendingIds, onOpen, onExport } = props;
  const lines = useMemo(() => linesOf(sections, t('cloud.list.notGrouped')), [sections, t]);
  const openCard = useCallback((c: CloudCardRow) => onOpen(c.id), [onOpen]);
  const renderLine = useCallback(
    (line: Line) =>
      line.kind === 'head' ? (
        <SectionHead line={line} onExport={onExport} />
      ) : (
        <CloudItem card={line.item} pending={pendingIds.has(line.item.id)} onOpen={openCard} />
      ),
    [onExport, pendingIds, openCard],
  );
  return (
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
  );
}

/** A section's heading: its name, its count, and Export when it holds cards. */
function SectionHead({ line, onExport }: { line: Head; onExport: (head: Head) => void }) {
  const { t } = useTranslation();
  return (
    <div className="cloud-head-line">
      <h2>
        {line.label}
        <span className="cloud-head-count">{t('cloud.list.count', { count: line.count })}</span>
      </h2>
      {line.count > 0 ? (
        <button type="button" className="btn btn-ghost btn-inline" onClick={() => onExport(line)}>
          {t('cloud.card.export')}
          <span className="visually-hidden"> {line.label}</span>
        </button>
      ) : null}
    </div>
  );
}

/** Export a section's cards as a vCard or CSV file, named after the section. */
function ExportGroupSheet(props: { head: Head; sections: Section[] | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const csvHeaders = useCsvHeaders();
  const exportGroup = (format: 'vcf' | 'csv') => {
    const { head } = props;
    props.onClose();
    const id = head.key.slice(2);
    const section = props.sections?.find((s) => (s.group?.id ?? '') === id);
    if (section) saveCards(section.cards, format, head.label, csvHeaders);
  };
  return (
    <ExportFormatSheet
      title={`${t('cloud.export.group')}: ${props.head.label}`}
      onSelect={exportGroup}
      onCancel={props.onClose}
    />
  );
}
