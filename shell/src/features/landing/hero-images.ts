/** The content service's answer (the CMS shape the landing page was written against). */
interface HeroImagesAnswer {
  data?: Array<{ is_active?: boolean; image?: { url?: string } | null }>;
}

const HERO_IMAGES_URL = '/api/hero-images?populate[image][fields][0]=url';

/** Active hero image URLs; [] on any failure (the carousel then shows its fallback). */
export async function fetchHeroImages(fetcher: typeof fetch = fetch): Promise<string[]> {
  try {
    const response = await fetcher(HERO_IMAGES_URL, { headers: { 'content-type': 'application/json' } });
    if (!response.ok) {
      console.error(`Failed to fetch hero images: ${response.status}`);
      return [];
    }
    const answer = (await response.json()) as HeroImagesAnswer;
    return (answer.data ?? []).filter((item) => item.is_active && item.image?.url).map((item) => item.image!.url!);
  } catch (error) {
    console.error('Failed to fetch hero images: network error', error);
    return [];
  }
}

/** Resolves once every image has loaded; rejects if any fails (then the fallback shows). */
export function preloadImages(urls: string[]): Promise<void> {
  return Promise.all(
    urls.map(
      (url) =>
        new Promise<void>((resolve, reject) => {
          const img = new Image();
          img.onload = () => resolve();
          img.onerror = () => reject(new Error(`could not load ${url}`));
          img.src = url;
        }),
    ),
  ).then(() => undefined);
}
