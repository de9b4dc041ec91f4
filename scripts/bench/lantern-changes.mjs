// The changes lantern-what-if.mjs makes to a kept run's requests (apart, so a test need not load Lighthouse).

const PRIORITIES = new Set(['VeryHigh', 'High', 'Medium', 'Low', 'VeryLow']);

/** `part:change` as an object, or an Error saying what is wrong with it. */
export function parseChange(text) {
  const at = text.lastIndexOf(':');
  if (at <= 0) return new Error(`"${text}": expected <part of a URL>:<change>`);
  const part = text.slice(0, at);
  const [kind, value] = text.slice(at + 1).split('=');
  if (kind === 'drop' && value === undefined) return { part, kind };
  if ((kind === 'bytes' || kind === 'scale') && value !== undefined && Number.isFinite(Number(value)) && Number(value) >= 0)
    return { part, kind, value: Number(value) };
  if (kind === 'priority' && PRIORITIES.has(value)) return { part, kind, value };
  return new Error(`"${text}": the change is drop, bytes=<n>, scale=<f> or priority=${[...PRIORITIES].join('|')}`);
}

/** Changes Lantern's requests in place; answers how many each change matched. */
export function applyChanges(requests, changes) {
  return changes.map((change) => {
    const hits = requests.filter((r) => r.url.includes(change.part));
    for (const r of hits) {
      if (change.kind === 'drop') {
        r.fromDiskCache = true;
        r.transferSize = 0;
      } else if (change.kind === 'bytes') r.transferSize = change.value;
      else if (change.kind === 'scale') r.transferSize = Math.round(r.transferSize * change.value);
      else r.priority = change.value;
    }
    return hits.length;
  });
}
