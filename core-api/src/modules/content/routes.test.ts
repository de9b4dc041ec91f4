import { HERO_IMAGES } from '../../../seed/hero-images';
import type { TestApp } from '../../testing/test-app';
import { useTestApp } from '../../testing/use-test-app';
import type { HeroImagesPage } from './service';

let testApp: TestApp;
useTestApp((app) => (testApp = app));

const get = (url: string) => testApp.request({ method: 'GET', url });
const HERO_URL = '/api/hero-images?populate[image][fields][0]=url';

describe('GET /api/hero-images', () => {
  it('answers in the CMS shape, without the envelope, ordered by sort_order', async () => {
    const res = await get(HERO_URL);
    expect(res.statusCode).toBe(200);
    const page = res.json<HeroImagesPage>();
    expect(page).toEqual({
      data: HERO_IMAGES.map((image) => ({
        id: expect.any(Number),
        is_active: true,
        title: image.title,
        alt: image.alt,
        image: { url: `/static/${image.image_path}` },
      })),
    });
  });

  it('follows sort_order when editors change it, and lists hidden images as inactive', async () => {
    const before = (await get(HERO_URL)).json<HeroImagesPage>().data.map((image) => image.id);
    const [first, second, third] = before;
    if (first === undefined || second === undefined || third === undefined) throw new Error('expected three seeded images');
    await testApp.db.updateTable('hero_images').set({ sort_order: 10 }).where('id', '=', first).execute();
    await testApp.db.updateTable('hero_images').set({ is_active: false }).where('id', '=', third).execute();
    try {
      const page = (await get(HERO_URL)).json<HeroImagesPage>();
      expect(page.data.map((image) => image.id)).toEqual([second, third, first]);
      expect(page.data.map((image) => image.is_active)).toEqual([true, false, true]);
    } finally {
      await testApp.db.updateTable('hero_images').set({ sort_order: 1 }).where('id', '=', first).execute();
      await testApp.db.updateTable('hero_images').set({ is_active: true }).where('id', '=', third).execute();
    }
  });

  it('ignores query keys it does not know', async () => {
    const res = await get('/api/hero-images?locale=sw&populate=*');
    expect(res.statusCode).toBe(200);
    expect(res.json<HeroImagesPage>().data).toHaveLength(HERO_IMAGES.length);
  });
});

describe('GET /static/hero/:file', () => {
  it('serves every listed hero image as a cacheable SVG of the agreed size', async () => {
    const page = (await get(HERO_URL)).json<HeroImagesPage>();
    for (const { image } of page.data) {
      const res = await get(image.url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.payload).toMatch(/^<svg [^>]*viewBox="0 0 1600 900"[^>]*preserveAspectRatio="xMidYMid slice"/);
      expect(res.payload).not.toMatch(/<script|https?:\/\/(?!www\.w3\.org)/);
      expect(res.rawPayload.length).toBeLessThan(8 * 1024);
    }
  });

  it.each([
    ['an encoded parent path', '/static/hero/..%2F..%2Fpackage.json'],
    ['an encoded absolute path', '/static/hero/%2Fetc%2Fpasswd'],
    ['a hidden file', '/static/hero/.env'],
    ['a file type it does not serve', '/static/hero/routes.ts'],
  ])('refuses %s with 400 in the envelope', async (_label, url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      header: { isSuccess: false, customerMessage: 'file: must be an image file name such as tea-terraces.svg' },
      body: null,
    });
  });

  it('never reaches a file outside the folder through a literal parent path', async () => {
    const res = await get('/static/hero/../../package.json');
    expect(res.statusCode).toBe(404);
    expect(res.json().header.isSuccess).toBe(false);
  });

  it('answers a well-formed name with no file behind it with 404', async () => {
    const res = await get('/static/hero/baobab.svg');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ header: { isSuccess: false, customerMessage: 'Image baobab.svg not found' }, body: null });
  });
});
