import { Fragment, type ReactElement, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { defineNamespace, Rich, type Catalog, type Translate } from '@shambasoko/shared';
import { useT as useLegalT } from '../../i18n';
import { LAST_UPDATED, LEGAL_CONTACT, LEGAL_PAGES, type LegalDocument } from './legal-document';

const external = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** The tags a policy message may use: emphasis, the sibling policies, and the addresses people write to. */
const TAGS: Record<string, ReactElement> = {
  strong: <strong />,
  privacy: <Link to="/legal/privacy-policy" />,
  terms: <Link to="/legal/terms-of-use" />,
  cookies: <Link to="/legal/cookie-policy" />,
  data: <Link to="/legal/data-policy" />,
  dpo: <a href={`mailto:${LEGAL_CONTACT.dpoEmail}`} />,
  mail: <a href={`mailto:${LEGAL_CONTACT.email}`} />,
  odpc: <a href="https://www.odpc.go.ke" />,
  google: <a href="https://policies.google.com/privacy" {...external} />,
  firebase: <a href="https://firebase.google.com/support/privacy" {...external} />,
};

const VALUES = { dpoEmail: LEGAL_CONTACT.dpoEmail, legalEmail: LEGAL_CONTACT.email };

/** A policy message with its links and emphasis in place. */
const richText = (t: Translate<string>, key: string): ReactNode => <Rich text={t(key, VALUES)} components={TAGS} />;

/**
 * How a passage is laid out, block by block; its words are the catalog's `<id>.<n>` (paragraph, h3)
 * and `<id>.<n>.<m>` (list items). Anything else (a table, the contact card) is drawn by a function.
 */
type Block = 'p' | 'h3' | readonly ['ul' | 'ol', number] | ((t: Translate<string>) => ReactNode);
export type DocumentShape = { intro: readonly Block[] } & Record<string, readonly Block[]>;

function renderBlocks(t: Translate<string>, id: string, blocks: readonly Block[]): ReactNode {
  return blocks.map((block, index) => {
    const key = `${id}.${index + 1}`;
    if (typeof block === 'function') return <Fragment key={key}>{block(t)}</Fragment>;
    if (block === 'p') return <p key={key}>{richText(t, key)}</p>;
    if (block === 'h3') return <h3 key={key}>{richText(t, key)}</h3>;
    const [List, count] = block;
    return (
      <List key={key}>
        {Array.from({ length: count }, (_, item) => (
          <li key={item}>{richText(t, `${key}.${item + 1}`)}</li>
        ))}
      </List>
    );
  });
}

type Loader = () => Promise<Catalog | { default: Catalog }>;

/**
 * A policy page's text as a hook: its own catalog (English bundled with the page, Kiswahili fetched
 * with it when chosen), laid out by its shape; section ids (the anchors) never change.
 */
export function legalDocument(options: {
  ns: string;
  english: Catalog;
  kiswahili: Loader;
  path: (typeof LEGAL_PAGES)[number]['path'];
  shape: DocumentShape;
  showNavigation?: boolean;
}): () => LegalDocument {
  const { useT } = defineNamespace<Catalog>(options.ns, options.english, options.kiswahili);
  const { intro, ...sections } = options.shape;
  const label = LEGAL_PAGES.find((page) => page.path === options.path)?.label ?? 'doc.privacy';
  return function useLegalDocument() {
    const page = useLegalT();
    const t = useT();
    return {
      title: page(label),
      path: options.path,
      lastUpdated: LAST_UPDATED,
      showNavigation: options.showNavigation,
      intro: renderBlocks(t, 'intro', intro),
      sections: Object.entries(sections).map(([id, blocks]) => ({ id, title: t(`${id}.title`), body: renderBlocks(t, id, blocks) })),
    };
  };
}
