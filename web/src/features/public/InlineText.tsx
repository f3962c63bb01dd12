import { Fragment } from 'react';
import { Link } from 'react-router';

const LINK = /\[([^\]]+)\]\((\/[^)\s]*)\)/g;

/** Text with `[label](/path)` links to pages of the site (the only markup the legal texts use). */
export function InlineText({ text }: { text: string }) {
  const parts: React.ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const [whole, label, to] = match;
    const start = match.index ?? 0;
    if (start > last) parts.push(text.slice(last, start));
    parts.push(
      <Link key={start} to={to ?? '/'}>
        {label}
      </Link>,
    );
    last = start + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return (
    <>
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string never reorder.
        <Fragment key={i}>{part}</Fragment>
      ))}
    </>
  );
}
