import { useTranslation } from 'react-i18next';
import type { CompanyItem } from '../../api';
import './company.css';
import { ExternalIcon } from './icons';
import { safeLink } from './media';
import { PdfBlock } from './PdfBlock';
import { Swipe } from './Swipe';
import { VideoBlock } from './VideoBlock';

/**
 * Company promotional content (SPEC §2 "Information display blocks"): an ordered list of text,
 * title, url, pdf, video, img and swipe blocks. Used by /information/info and the shared-card
 * page. Text is rendered as text (React escapes it; line breaks kept by CSS), never as HTML; a
 * url block opens only http(s) links, in a new tab. pdf.js and hls.js load only when a block
 * needs them.
 */
export function CompanyBlocks({ items }: { items: readonly CompanyItem[] }) {
  return (
    <div className="company-blocks" data-testid="company-blocks">
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is shown as saved, in order
        <Block key={`${i}-${item.type}`} item={item} />
      ))}
    </div>
  );
}

function Block({ item }: { item: CompanyItem }) {
  const { t } = useTranslation();
  switch (item.type) {
    case 'text':
      return <p className="company-text">{item.content}</p>;
    case 'title':
      return <h2 className="company-title">{item.content}</h2>;
    case 'url': {
      const link = safeLink(item.content.url);
      if (!link) return null;
      return (
        <a
          className="btn btn-secondary btn-block company-link"
          href={link.href}
          target="_blank"
          rel="noopener noreferrer"
        >
          <span className="company-link-label">{item.content.title.trim() || link.host}</span>
          <ExternalIcon />
        </a>
      );
    }
    case 'pdf':
      return <PdfBlock url={item.content.url} name={item.content.name} size={item.content.size} />;
    case 'video':
      return <VideoBlock url={item.content.url} />;
    case 'img':
      return (
        <img
          className="company-img"
          src={item.content.url}
          alt={t('company.view.image')}
          loading="lazy"
          decoding="async"
        />
      );
    case 'swipe':
      return <Swipe urls={item.content.urls} />;
  }
}
