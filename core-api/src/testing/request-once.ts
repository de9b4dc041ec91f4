import http from 'node:http';

export interface OnceResponse {
  status: number;
  ok: boolean;
  text: string;
}

/**
 * An HTTP request on a connection of its own, closed after the answer: the test Auth emulator's calls.
 * fetch keeps idle connections open to reuse them, and a jest worker busy loading its next file can
 * pick one the emulator has closed meanwhile: the call then fails with "other side closed" (seen once
 * in roles.test on a loaded machine). A fresh local connection costs well under a millisecond.
 */
export function requestOnce(
  url: string,
  { method = 'GET', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<OnceResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const status = response.statusCode ?? 0;
        resolve({ status, ok: status >= 200 && status < 300, text: Buffer.concat(chunks).toString('utf8') });
      });
    });
    request.on('error', reject);
    request.end(body);
  });
}
