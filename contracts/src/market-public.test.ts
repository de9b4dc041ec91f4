import { z } from 'zod';
import {
  featuredProductsSchema,
  productSearchResultSchema,
  productSummarySchema,
  publicProductSchema,
  publicSellerSchema,
  reviewSchema,
} from './market';
import { publicStorefrontSchema, publicStorefrontSellerSchema } from './market-seller';

// The shapes of public answers (issue 38): the API serialises the catalog, product pages and
// storefronts through these, so what they do not name never reaches an anonymous reader.

const PUBLIC_SCHEMAS: Record<string, z.ZodType> = {
  publicSellerSchema,
  productSummarySchema,
  publicProductSchema,
  productSearchResultSchema,
  featuredProductsSchema,
  publicStorefrontSellerSchema,
  publicStorefrontSchema,
  reviewSchema,
};

/** Every property name anywhere in a JSON schema. */
function keysOf(schema: unknown, into: string[] = []): string[] {
  if (Array.isArray(schema)) for (const item of schema) keysOf(item, into);
  else if (typeof schema === 'object' && schema !== null) {
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'properties' && typeof value === 'object' && value !== null) into.push(...Object.keys(value));
      keysOf(value, into);
    }
  }
  return into;
}

describe('public market schemas', () => {
  it.each(Object.keys(PUBLIC_SCHEMAS))('%s has no e-mail key, and no phone but the business phone and WhatsApp', (name) => {
    const keys = keysOf(z.toJSONSchema(PUBLIC_SCHEMAS[name]!, { io: 'output' }));
    expect(keys.length).toBeGreaterThan(3);
    expect(keys.filter((key) => /mail/i.test(key))).toEqual([]);
    expect(keys.filter((key) => /phone|msisdn|mobile|whatsapp|contact/i.test(key) && key !== 'phone' && key !== 'whatsapp')).toEqual([]);
  });

  it('strips what they do not name: a seller row with its sign-in e-mail parses to the public seller without it', () => {
    const seller = {
      id: 's1',
      name: 'Rift Agrovet',
      rating: 4.6,
      reviews: 40,
      verified: true,
      memberSince: '2019',
      responseTime: 'Within 2 hours',
      avatar: null,
      county: 'Nakuru',
      phone: '+254712345678',
      whatsapp: null,
      email: 'owner@example.co.ke',
      userId: 'u1',
    };
    expect(publicSellerSchema.parse(seller)).not.toHaveProperty('email');
    expect(Object.keys(publicSellerSchema.parse(seller))).not.toContain('userId');
    const storefrontSeller = {
      id: 's1',
      businessName: 'Rift Agrovet',
      kind: 'agrovet',
      county: 'Nakuru',
      phone: '+254712345678',
      whatsapp: null,
      pickupLocation: 'Nakuru town',
      description: '',
      verified: true,
      rating: 4.6,
      reviews: 40,
      memberSince: '2019',
      email: 'owner@example.co.ke',
    };
    expect(publicStorefrontSchema.parse({ seller: storefrontSeller, products: [] }).seller).not.toHaveProperty('email');
  });
});
