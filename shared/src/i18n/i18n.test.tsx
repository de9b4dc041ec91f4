import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { catalogProblems } from '../testing/catalogs';
import { currentLocale, formatNumber, intlLocale, LOCALE_STORAGE_KEY } from './locale';
import { setLocale, translateMessageText } from './catalog';
import { translateMessage } from '@shambasoko/contracts/i18n/messages';
import { defineNamespace, Rich } from './react';
import swMessages from '@shambasoko/contracts/i18n/messages-sw.json';
import { formatKES } from '@shambasoko/contracts/money';

const english = { greeting: 'Hello {name}', farms: '{count, plural, one {# farm} other {# farms}}', only: 'Only English' };
let swFetches = 0;
const demo = defineNamespace('demo', english, async () => {
  swFetches += 1;
  return { greeting: 'Habari {name}', farms: '{count, plural, one {shamba #} other {mashamba #}}', only: 'Kiingereza' };
});

function Greeting() {
  const t = demo.useT();
  return (
    <p>
      {t('greeting', { name: 'Wanjiru' })} · {t('farms', { count: 3 })}
    </p>
  );
}

afterEach(async () => {
  await act(() => setLocale('en'));
});

describe('one translation runtime', () => {
  it('speaks English first and switches the whole page to Kiswahili, remembering the choice', async () => {
    render(
      <Suspense fallback="loading">
        <Greeting />
      </Suspense>,
    );
    expect(screen.getByText('Hello Wanjiru · 3 farms')).toBeInTheDocument();
    await act(() => setLocale('sw'));
    expect(await screen.findByText('Habari Wanjiru · mashamba 3')).toBeInTheDocument();
    expect(currentLocale()).toBe('sw');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('sw');
    expect(document.documentElement.lang).toBe('sw');
    expect(intlLocale()).toBe('sw-KE');
    expect(demo.t('farms', { count: 1 })).toBe('shamba 1');
    expect(swFetches).toBe(1);
  });

  it('formats numbers for Kenya in either language', async () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    await act(() => setLocale('sw'));
    expect(formatNumber(1234567)).toBe('1,234,567');
  });

  it('writes prices, figures and counted words without making an Intl number format (a first screen paid ~23 ms for one)', async () => {
    // Made, or made earlier and used (a format kept from an earlier test).
    // `format` is a getter handing out a bound function.
    const used = jest.spyOn(Intl.NumberFormat.prototype as { format: unknown }, 'format', 'get');
    const made = jest.spyOn(Intl, 'NumberFormat');
    try {
      expect(formatKES(1250)).toBe('Ksh\u00a01,250');
      expect(formatNumber(1111.974)).toBe('1,111.97');
      expect(demo.t('farms', { count: 1234 })).toBe('1,234 farms');
      await act(() => setLocale('sw'));
      expect(formatNumber(0.5)).toBe('0.5');
      expect(demo.t('farms', { count: 2 })).toBe('mashamba 2');
      expect(made).not.toHaveBeenCalled();
      expect(used).not.toHaveBeenCalled();
      // Options beyond the decimals still go to Intl.
      expect(formatNumber(0.25, { style: 'percent' })).toBe('25%');
      expect(used).toHaveBeenCalled();
    } finally {
      made.mockRestore();
      used.mockRestore();
    }
  });

  it('puts elements where the translator put the tags', () => {
    render(<Rich text="Soma <terms>Masharti</terms> yetu" components={{ terms: <a href="/terms" /> }} />);
    expect(screen.getByRole('link', { name: 'Masharti' })).toHaveAttribute('href', '/terms');
    expect(screen.getByText(/Soma/)).toHaveTextContent('Soma Masharti yetu');
  });
});

describe('English-keyed messages from the contracts and the API', () => {
  const dictionary = { 'is required': 'inahitajika', 'Only {count} left in stock': 'Zimebaki {count} tu' };
  it('translates exact texts, templates and "Label: message" pairs, and leaves unknown ones in English', () => {
    expect(translateMessage('is required', dictionary)).toBe('inahitajika');
    expect(translateMessage('Only 3 left in stock', dictionary)).toBe('Zimebaki 3 tu');
    expect(translateMessage('Phone: is required', dictionary)).toBe('Phone: inahitajika');
    expect(translateMessage('Something new', dictionary)).toBe('Something new');
    expect(translateMessage('is required', null)).toBe('is required');
  });

  it('takes the most specific template when a looser one also matches', () => {
    const loose = { '{product} on {date}': '{product} tarehe {date}', 'Dispute on order {number}': 'Mgogoro kwenye agizo {number}' };
    expect(translateMessage('Dispute on order 1042', loose)).toBe('Mgogoro kwenye agizo 1042');
    expect(translateMessage('Maize on 3 March', loose)).toBe('Maize tarehe 3 March');
  });

  it('follows the active language', async () => {
    expect(translateMessageText('is required')).toBe('is required');
    await act(() => setLocale('sw'));
    expect(translateMessageText('is required')).toBe(swMessages['is required']);
  });
});

describe('catalog check', () => {
  it('finds missing keys, placeholders and tags on either side', () => {
    expect(catalogProblems({ a: 'Hi {name}', b: 'x', c: '<b>y</b>' }, { a: 'Habari', c: 'z', d: 'w' })).toEqual([
      '"b" has no Kiswahili',
      '"d" has no English',
      '"a" placeholders differ',
      '"c" tags differ',
    ]);
    expect(catalogProblems(english, { greeting: 'Habari {name}', farms: '{count, plural, other {mashamba #}}', only: 'K' })).toEqual([]);
  });
});

describe("sellers' unit words", () => {
  it('read in Kiswahili for the common shapes, numbers kept', () => {
    const swahili = swMessages as Record<string, string>;
    expect(translateMessage('per 50 kg bag', swahili)).toBe('kwa mfuko wa kilo 50');
    expect(translateMessage('per piece', swahili)).toBe('kwa kipande');
    expect(translateMessage('per tray of 100', swahili)).toBe('kwa trei ya 100');
    expect(translateMessage('per 1 litre bottle', swahili)).toBe('kwa chupa ya lita 1');
  });
});
