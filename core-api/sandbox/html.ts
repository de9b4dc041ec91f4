// Server-rendered pages: everything interpolated is escaped; each page carries its own strict CSP.
import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML content and quoted attribute values. */
export const escapeHtml = (value: unknown) => String(value ?? '').replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** 1234 → "1,234" (whole shillings). */
export const formatKsh = (amount: number) => String(Math.round(amount)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

export interface PageOptions {
  title: string;
  style: string;
  body: string;
  /** Served scripts (same origin). */
  scripts?: string[];
  /** Where forms may post or be redirected to besides this origin. */
  formTargets?: string[];
  status?: number;
}

export function sendPage(reply: FastifyReply, page: PageOptions) {
  const nonce = randomBytes(16).toString('base64');
  const csp = [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    "script-src 'self'",
    "connect-src 'self'",
    "img-src 'self' data:",
    `form-action 'self'${page.formTargets?.length ? ` ${page.formTargets.join(' ')}` : ''}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  const scripts = (page.scripts ?? []).map((src) => `<script src="${escapeHtml(src)}" defer></script>`).join('');
  return reply
    .code(page.status ?? 200)
    .header('content-security-policy', csp)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">` +
        `<title>${escapeHtml(page.title)}</title><style nonce="${nonce}">${page.style}</style>${scripts}</head><body>${page.body}</body></html>`,
    );
}

/** The origin of a URL the page may send the browser to, or nothing when it is not http(s). */
export function originOf(url: string): string[] {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? [parsed.origin] : [];
  } catch {
    return [];
  }
}
