import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardCompany, CardEntry, CardEntryKind } from '../../api';
import {
  type CardAction,
  mailAction,
  mapAction,
  phoneAction,
  socialAction,
  websiteAction,
} from '../../lib/card-actions';
import { toast } from '../toast';
import { ChatIcon, CopyIcon, GlobeIcon, MailIcon, MapPinIcon, PhoneIcon, SocialBadge } from './icons';
import { useEntryLabel } from './labels';
import './card.css';

/** The extension lists a card view shows: my card's and a shared card's both fit (industry may be absent). */
export type CardDetailsExtension = {
  company: readonly CardCompany[];
  address: readonly CardEntry[];
  tel: readonly CardEntry[];
  email: readonly CardEntry[];
  website: readonly CardEntry[];
  other: readonly CardEntry[];
  industry?: readonly CardEntry[];
  social: readonly CardEntry[];
};

type ActionKind = 'map' | 'call' | 'mail' | 'site' | 'chat';

/** What each list's icon does (SPEC §2 "Card detail lists", rules of SPEC §5). */
const ACTIONS: Partial<Record<CardEntryKind, { kind: ActionKind; rule: (entry: CardEntry) => CardAction | null }>> = {
  address: { kind: 'map', rule: (e) => mapAction(e.content) },
  tel: { kind: 'call', rule: (e) => phoneAction(e.content) },
  email: { kind: 'mail', rule: (e) => mailAction(e.content) },
  website: { kind: 'site', rule: (e) => websiteAction(e.content) },
  social: { kind: 'chat', rule: (e) => socialAction(e.key, e.content) },
};

const ICONS: Record<ActionKind, () => ReactNode> = {
  map: MapPinIcon,
  call: PhoneIcon,
  mail: MailIcon,
  site: GlobeIcon,
  chat: ChatIcon,
};

/**
 * The detail lists of a card, in the order of SPEC §2: profile, industry, company/group,
 * address, phone, email, website, other, communication platforms. Empty sections are left
 * out. Each entry shows its label and, where one applies, an icon opening the matching action
 * (map search, call, mail, site, chat app); a value the rule refuses (a bad email, a too short
 * phone or URL) shows the rule's message instead of opening anything.
 */
export function CardDetails({ profile, extension }: { profile: string; extension: CardDetailsExtension }) {
  const { t } = useTranslation();
  const entryLists = (['address', 'tel', 'email', 'website', 'other'] as const).map((kind) => ({
    kind,
    entries: extension[kind].filter((e) => e.content.trim() !== ''),
  }));
  const industry = (extension.industry ?? []).filter((e) => e.content.trim() !== '');
  const companies = extension.company.filter((c) => [c.name, c.department, c.position].some((s) => s.trim() !== ''));
  const social = extension.social.filter((e) => e.content.trim() !== '');

  return (
    <div className="card-details" data-testid="card-details">
      {profile.trim() ? (
        <Section id="profile" title={t('card.sections.profile')}>
          <p className="card-profile">{profile}</p>
        </Section>
      ) : null}
      {industry.length > 0 ? (
        <Section id="industry" title={t('card.sections.industry')}>
          <ul className="entry-list">
            {industry.map((entry, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: read-only rows, no identity of their own
              <EntryRow key={i} kind="industry" entry={entry} />
            ))}
          </ul>
        </Section>
      ) : null}
      {companies.length > 0 ? (
        <Section id="company" title={t('card.sections.company')}>
          <ul className="entry-list">
            {companies.map((company, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: read-only rows, no identity of their own
              <li key={i} className="entry">
                <div className="entry-text">
                  <span className="entry-title">{company.name}</span>
                  {company.position || company.department ? (
                    <span className="entry-sub">
                      {[company.position, company.department].filter((s) => s.trim() !== '').join(' · ')}
                    </span>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      {entryLists.map(({ kind, entries }) =>
        entries.length > 0 ? (
          <Section key={kind} id={kind} title={t(`card.sections.${kind}`)}>
            <ul className="entry-list">
              {entries.map((entry, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: read-only rows, no identity of their own
                <EntryRow key={i} kind={kind} entry={entry} />
              ))}
            </ul>
          </Section>
        ) : null,
      )}
      {social.length > 0 ? (
        <Section id="social" title={t('card.sections.social')}>
          <ul className="entry-list">
            {social.map((entry, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: read-only rows, no identity of their own
              <EntryRow key={i} kind="social" entry={entry} />
            ))}
          </ul>
        </Section>
      ) : null}
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="card-section" data-section={id} aria-labelledby={headingId}>
      <h2 id={headingId} className="card-section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function EntryRow({ kind, entry }: { kind: CardEntryKind; entry: CardEntry }) {
  const label = useEntryLabel();
  const name = label(kind, entry.key);
  const action = ACTIONS[kind];
  return (
    <li className="entry">
      {kind === 'social' ? <SocialBadge platform={entry.key} /> : null}
      <div className="entry-text">
        {kind === 'industry' || kind === 'other' ? null : <span className="entry-label">{name}</span>}
        <span className="entry-main">{entry.content}</span>
      </div>
      {action ? (
        <EntryAction kind={action.kind} action={action.rule(entry)} value={entry.content} label={name} />
      ) : null}
    </li>
  );
}

/**
 * The icon of an entry: a link when the rule allows it, a button telling why not otherwise,
 * and for a chat app with no web link (WeChat, QQ…) a button copying the ID. The cloud-card
 * rows (CloudRows) show theirs with it too.
 */
export function EntryAction(props: { kind: ActionKind; action: CardAction | null; value: string; label: string }) {
  const { t } = useTranslation();
  const value = props.value.trim();
  const Icon = ICONS[props.kind];
  const name =
    props.kind === 'chat'
      ? t('card.actions.chat', { value, platform: props.label })
      : t(`card.actions.${props.kind}`, { value });
  const { action } = props;
  if (action === null) {
    const copy = async () => {
      try {
        await navigator.clipboard.writeText(value);
        toast(t('card.actions.copied'), 'success');
      } catch {
        // No clipboard (an insecure origin, or permission refused): the value is on screen.
      }
    };
    return (
      <button
        type="button"
        className="entry-action"
        aria-label={t('card.actions.copy', { value })}
        onClick={() => void copy()}
      >
        <CopyIcon />
      </button>
    );
  }
  if (!action.ok) {
    return (
      <button
        type="button"
        className="entry-action"
        aria-label={name}
        onClick={() => toast(t(action.messageKey), 'error')}
      >
        <Icon />
      </button>
    );
  }
  return (
    <a
      className="entry-action"
      href={action.href}
      aria-label={name}
      {...(action.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      <Icon />
    </a>
  );
}
