/**
 * A row of small photos (a dispute's, an answer's), each opening full size in a new tab. The list's
 * label names them; the pictures themselves carry no alt text of their own.
 */
export function PhotoStrip({ urls, label }: { urls: readonly string[]; label: string }) {
  if (urls.length === 0) return null;
  return (
    <ul aria-label={label} className="flex gap-2">
      {urls.map((url) => (
        <li key={url}>
          <a href={url} target="_blank" rel="noreferrer">
            <img src={url} alt="" width={64} height={64} className="size-16 rounded-md object-cover" loading="lazy" />
          </a>
        </li>
      ))}
    </ul>
  );
}
