import { act, render, screen, within } from '@testing-library/react';
import { setLocale } from '@shambasoko/shared';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router-dom';
import CookiePolicyPage from './cookie-policy-page';
import DataPolicyPage from './data-policy-page';
import PrivacyPolicyPage from './privacy-policy-page';
import TermsOfUsePage from './terms-of-use-page';

function renderAt(Page: ComponentType, entry: string) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <Page />
    </MemoryRouter>,
  );
}

const article = () => screen.getByRole('article');
/** The policy text links to `href` under the name `name`. */
const expectArticleLink = (name: string, href: string) =>
  expect(within(article()).getByRole('link', { name })).toHaveAttribute('href', href);
const tableOfContents = () => screen.getByRole('navigation', { name: 'Table of Contents' });

const pages = [
  { name: 'Privacy Policy', Page: PrivacyPolicyPage, path: '/legal/privacy-policy', sections: 8, hasNavigation: false },
  { name: 'Terms of Use', Page: TermsOfUsePage, path: '/legal/terms-of-use', sections: 12, hasNavigation: false },
  { name: 'Cookie Policy', Page: CookiePolicyPage, path: '/legal/cookie-policy', sections: 7, hasNavigation: true },
  { name: 'Data Policy', Page: DataPolicyPage, path: '/legal/data-policy', sections: 10, hasNavigation: true },
];

describe.each(pages)('$name page', ({ name, Page, path, sections, hasNavigation }) => {
  test('shows the title as the only h1 and the last-updated date', () => {
    renderAt(Page, path);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name })).toBeInTheDocument();

    const date = screen.getByText('January 15, 2025');
    expect(date.tagName).toBe('TIME');
    expect(date).toHaveAttribute('datetime', '2025-01-15');
    expect(date.parentElement).toHaveTextContent(/^Last updated January 15, 2025$/);
  });

  test(`lists ${sections} numbered sections in the table of contents and as h2 headings`, () => {
    renderAt(Page, path);
    const tocLinks = within(tableOfContents()).getAllByRole('link');
    const headings = screen.getAllByRole('heading', { level: 2 });
    expect(tocLinks).toHaveLength(sections);
    expect(headings).toHaveLength(sections);

    headings.forEach((heading, index) => {
      expect(heading.textContent).toMatch(new RegExp(`^${index + 1}\\. \\S`));
      // The TOC entry and the heading carry the same number and title.
      const squash = (text: string | null | undefined) => text?.replace(/\s+/g, '');
      expect(squash(tocLinks[index]?.textContent)).toBe(squash(heading.textContent));
    });
  });

  test('every table-of-contents anchor points at its own section', () => {
    const { container } = renderAt(Page, path);
    const headings = screen.getAllByRole('heading', { level: 2 });
    const ids = within(tableOfContents())
      .getAllByRole('link')
      .map((link) => link.getAttribute('href') ?? '');

    expect(new Set(ids).size).toBe(ids.length);
    ids.forEach((href, index) => {
      expect(href).toMatch(/^#[a-z0-9-]+$/);
      const section = container.querySelector(href);
      expect(section?.tagName).toBe('SECTION');
      expect(section).toContainElement(headings[index] ?? null);
    });
  });

  test('links to all four legal pages in the footer, marking the current one', () => {
    renderAt(Page, path);
    const footer = screen.getByRole('navigation', { name: 'Legal documents' });
    const links = within(footer).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/legal/privacy-policy',
      '/legal/terms-of-use',
      '/legal/cookie-policy',
      '/legal/data-policy',
    ]);
    expect(within(footer).getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
    expect(links.filter((link) => link.hasAttribute('aria-current'))).toHaveLength(1);
  });

  test(hasNavigation ? 'has Back to Home and Sign In buttons' : 'has no Back to Home or Sign In buttons', () => {
    renderAt(Page, path);
    const back = screen.queryByRole('link', { name: 'Back to Home' });
    const signIn = screen.queryByRole('link', { name: 'Sign In' });
    if (hasNavigation) {
      expect(back).toHaveAttribute('href', '/');
      expect(signIn).toHaveAttribute('href', '/auth/get-started');
    } else {
      expect(back).toBeNull();
      expect(signIn).toBeNull();
    }
  });

  test('is written for Kenya and never mentions Nigeria or the naira', () => {
    const { container } = renderAt(Page, path);
    const text = container.textContent ?? '';
    expect(text).not.toMatch(/nigeria|naira|₦/i);
    expect(text).toMatch(/Kenya/);
  });
});

describe('Privacy Policy content', () => {
  test('links to the cookie policy from its text', () => {
    renderAt(PrivacyPolicyPage, '/legal/privacy-policy');
    expectArticleLink('Cookie Policy', '/legal/cookie-policy');
  });

  test('keeps its section anchors stable', () => {
    const { container } = renderAt(PrivacyPolicyPage, '/legal/privacy-policy');
    expect(container.querySelector('#information-we-collect')).not.toBeNull();
    expect(container.querySelector('#your-rights')).not.toBeNull();
  });

  test('names the Kenyan law, the regulator and the data protection officer', () => {
    renderAt(PrivacyPolicyPage, '/legal/privacy-policy');
    expect(article()).toHaveTextContent('Data Protection Act, 2019');
    expect(article()).toHaveTextContent('Office of the Data Protection Commissioner');
    expect(within(article()).getAllByRole('link', { name: 'dpo@shambasoko.co.ke' })[0]).toHaveAttribute(
      'href',
      'mailto:dpo@shambasoko.co.ke',
    );
  });
});

describe('Terms of Use content', () => {
  test('links to the privacy policy from its text', () => {
    renderAt(TermsOfUsePage, '/legal/terms-of-use');
    expectArticleLink('Privacy Policy', '/legal/privacy-policy');
  });

  test('is governed by Kenyan law and courts, with payments in KES', () => {
    renderAt(TermsOfUsePage, '/legal/terms-of-use');
    expect(article()).toHaveTextContent('governed by the laws of Kenya');
    expect(article()).toHaveTextContent('courts of Kenya');
    expect(article()).toHaveTextContent('Kenya Shillings (Ksh)');
    expect(article()).toHaveTextContent('M-Pesa');
  });
});

describe('Cookie Policy content', () => {
  test('has a cookie table with name, purpose and duration columns', () => {
    renderAt(CookiePolicyPage, '/legal/cookie-policy');
    const table = screen.getByRole('table', { name: 'Cookies set by ShambaSoko' });
    const columns = within(table).getAllByRole('columnheader');
    expect(columns.map((th) => th.textContent)).toEqual(['Name', 'Purpose', 'Duration']);
    columns.forEach((th) => expect(th).toHaveAttribute('scope', 'col'));
  });

  test.each([
    ['Session cookie', /^Session\b/],
    ['Preferences cookie', /^1 year$/],
    ['Analytics cookie', /^2 years$/],
  ])('%s lasts the stated time', (cookie, duration) => {
    renderAt(CookiePolicyPage, '/legal/cookie-policy');
    const rowHeader = screen.getByRole('rowheader', { name: new RegExp(`^${cookie}`) });
    expect(rowHeader).toHaveAttribute('scope', 'row');
    const cells = within(rowHeader.closest('tr') as HTMLElement).getAllByRole('cell');
    expect(cells.at(-1)?.textContent).toMatch(duration);
  });

  test('names Firebase Authentication by Google as a third party', () => {
    renderAt(CookiePolicyPage, '/legal/cookie-policy');
    const section = document.getElementById('third-party-cookies') as HTMLElement;
    expect(section).toHaveTextContent('Firebase Authentication');
    expect(section).toHaveTextContent('Google');
  });

  test('links back to the privacy policy', () => {
    renderAt(CookiePolicyPage, '/legal/cookie-policy');
    expectArticleLink('Privacy Policy', '/legal/privacy-policy');
  });
});

describe('Data Policy content', () => {
  test('says how each payment method works: M-Pesa PIN on the phone, cards only on the partner page, bank confirmed by a person', () => {
    renderAt(DataPolicyPage, '/legal/data-policy');
    expect(article()).toHaveTextContent('M-Pesa receipt number');
    expect(article()).toHaveTextContent('M-Pesa PINs entered only on your own phone');
    expect(article()).toHaveTextContent(/typed only on our card payment partner.s secure page, never sent to or stored on our systems/);
    expect(article()).toHaveTextContent('recorded as paid by the seller or by our team');
  });

  test.each([
    ['Account information', 'Until you delete your account'],
    ['Transaction records', '7 years'],
    ['Usage analytics', '2 years'],
    ['Marketing data', 'Until you opt out'],
  ])('keeps %s for: %s', (data, period) => {
    renderAt(DataPolicyPage, '/legal/data-policy');
    const table = screen.getByRole('table', { name: 'How long we keep data' });
    const row = within(table).getByRole('rowheader', { name: data }).closest('tr') as HTMLElement;
    expect(within(row).getAllByRole('cell')[0]).toHaveTextContent(new RegExp(`^${period}$`));
  });

  test('sets the minimum age at 18 in the children section', () => {
    renderAt(DataPolicyPage, '/legal/data-policy');
    const section = document.getElementById('childrens-privacy') as HTMLElement;
    expect(section).toHaveTextContent('at least 18 years old');
  });

  test('ends with the Data Protection Officer contact', () => {
    renderAt(DataPolicyPage, '/legal/data-policy');
    const sections = article().querySelectorAll('section');
    const contact = sections[sections.length - 1] as HTMLElement;
    expect(contact).toHaveTextContent('Data Protection Officer');
    expect(within(contact).getByRole('link', { name: 'dpo@shambasoko.co.ke' })).toHaveAttribute('href', 'mailto:dpo@shambasoko.co.ke');
    expect(within(contact).getByRole('link', { name: '+254 700 000 000' })).toHaveAttribute('href', 'tel:+254700000000');
    expect(contact).toHaveTextContent('Nairobi, Kenya');
  });

  test('covers international transfers and the ODPC', () => {
    renderAt(DataPolicyPage, '/legal/data-policy');
    expect(document.getElementById('international-data-transfers')).toHaveTextContent('outside Kenya');
    expect(document.getElementById('your-data-rights')).toHaveTextContent('Office of the Data Protection Commissioner');
  });
});

describe('deep links', () => {
  const original = Element.prototype.scrollIntoView;
  afterEach(() => {
    Element.prototype.scrollIntoView = original;
  });

  test('scrolls to the section named in the URL hash once the page renders', () => {
    const scrolled: Element[] = [];
    // jsdom has no layout, so scrollIntoView does not exist there.
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    renderAt(DataPolicyPage, '/legal/data-policy#data-retention');
    expect(scrolled).toEqual([document.getElementById('data-retention')]);
  });
});

describe('in Kiswahili', () => {
  afterEach(async () => {
    await act(() => setLocale('en'));
  });

  test('the Privacy Policy reads in Kiswahili, with the same anchors, links and date', async () => {
    await act(() => setLocale('sw'));
    const { container } = renderAt(PrivacyPolicyPage, '/legal/privacy-policy');
    expect(screen.getByRole('heading', { level: 1, name: 'Sera ya Faragha' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '6. Haki Zako' })).toBeInTheDocument();
    expect(container.querySelector('#your-rights')).toHaveTextContent('Sheria ya Ulinzi wa Data, 2019');
    expect(within(screen.getByRole('navigation', { name: 'Yaliyomo' })).getAllByRole('link')).toHaveLength(8);
    expectArticleLink('Sera ya Vidakuzi', '/legal/cookie-policy');
    expect(within(article()).getAllByRole('link', { name: 'dpo@shambasoko.co.ke' })[0]).toHaveAttribute(
      'href',
      'mailto:dpo@shambasoko.co.ke',
    );
    const date = screen.getByText('15 Januari 2025');
    expect(date.tagName).toBe('TIME');
    expect(date.parentElement).toHaveTextContent(/^Ilisasishwa mwisho 15 Januari 2025$/);
    const footer = screen.getByRole('navigation', { name: 'Nyaraka za kisheria' });
    expect(within(footer).getByRole('link', { name: 'Sera ya Faragha' })).toHaveAttribute('aria-current', 'page');
  });
});
