import { inflateSync } from 'node:zlib';

/**
 * The text a PDF shows, one piece per text operation (each line of a label or a figure), for tests
 * that read the papers the API writes. Enough for pdfkit's output with its standard fonts (WinAnsi
 * text in hex or literal strings, content streams deflated or not); not a general PDF reader.
 * No-break spaces (formatKES) come back as plain spaces.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const pieces: string[] = [];
  for (let at = raw.indexOf('stream\n'); at !== -1; at = raw.indexOf('stream\n', at + 1)) {
    if (raw.slice(at - 3, at) === 'end') continue;
    const dict = raw.slice(raw.lastIndexOf(' obj', at), at);
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? -1);
    if (length < 0) continue;
    const start = at + 'stream\n'.length;
    let data = pdf.subarray(start, start + length);
    if (dict.includes('/FlateDecode')) {
      try {
        data = inflateSync(data);
      } catch {
        continue;
      }
    }
    const content = data.toString('latin1');
    if (!/\bBT\b/.test(content)) continue;
    for (const op of content.matchAll(/\[((?:[^\]\\]|\\.)*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj|\(((?:[^)\\]|\\.)*)\)\s*Tj/g)) {
      if (op[2] !== undefined) pieces.push(hex(op[2]));
      else if (op[3] !== undefined) pieces.push(literal(op[3]));
      else
        pieces.push(
          [...(op[1] ?? '').matchAll(/<([0-9a-fA-F]*)>|\(((?:[^)\\]|\\.)*)\)/g)]
            .map((s) => (s[1] !== undefined ? hex(s[1]) : literal(s[2] ?? '')))
            .join(''),
        );
    }
  }
  return pieces.join('\n').replace(/\u00a0/g, ' ');
}

const hex = (h: string) => Buffer.from(h, 'hex').toString('latin1');
const literal = (s: string) =>
  s.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, c: string) =>
    /^[0-7]/.test(c)
      ? String.fromCharCode(parseInt(c, 8))
      : (({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' } as Record<string, string>)[c] ?? c),
  );
