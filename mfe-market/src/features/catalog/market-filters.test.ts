import { DEFAULT_FILTERS, parseFilters, toApiParams, toSearchParams, type MarketFilters } from './market-filters';

describe('market filters in the URL', () => {
  it('round-trips every filter through the query string', () => {
    const filters: MarketFilters = {
      q: 'maize seed',
      category: 'crops',
      minPrice: 100,
      maxPrice: 5000,
      county: 'Nakuru',
      inStock: true,
      minRating: 4,
      sort: 'price_asc',
      page: 3,
      view: 'list',
    };
    const url = toSearchParams(filters).toString();
    expect(url).toBe(
      'q=maize+seed&category=crops&minPrice=100&maxPrice=5000&county=Nakuru&inStock=true&minRating=4&sort=price_asc&page=3&view=list',
    );
    expect(parseFilters(new URLSearchParams(url))).toEqual(filters);
  });

  it('leaves defaults out of the URL and reads an empty URL as the defaults', () => {
    expect(toSearchParams(DEFAULT_FILTERS).toString()).toBe('');
    expect(parseFilters(new URLSearchParams())).toEqual(DEFAULT_FILTERS);
  });

  it('ignores values a hand-edited link may carry', () => {
    const f = parseFilters(new URLSearchParams('category=cars&minPrice=-5&maxPrice=abc&minRating=9&sort=cheapest&page=0&view=table'));
    expect(f).toEqual(DEFAULT_FILTERS);
  });

  it('asks the API for exactly the filters set', () => {
    const f = parseFilters(new URLSearchParams('q=maiz&category=crops&inStock=true&page=2'));
    expect(toApiParams(f)).toEqual({
      q: 'maiz',
      category: 'crops',
      minPrice: undefined,
      maxPrice: undefined,
      county: undefined,
      inStock: true,
      minRating: undefined,
      sort: 'relevance',
      page: 2,
      pageSize: 12,
    });
  });
});
