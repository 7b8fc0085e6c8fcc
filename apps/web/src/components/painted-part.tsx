import { Suspense, useEffect, useState, type MouseEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';

/** The markup of each part the server painted, read from the page just before the hydration. */
const painted = new Map<string, string>();
const ATTRIBUTE = 'data-painted-part';

/**
 * Keeps the markup of the page's painted parts (main.tsx, before it hydrates a page the server
 * painted): those parts then come through the hydration as they are.
 */
export function capturePaintedParts(root: ParentNode): void {
  painted.clear();
  for (const part of root.querySelectorAll<HTMLElement>(`[${ATTRIBUTE}]`)) painted.set(part.getAttribute(ATTRIBUTE)!, part.innerHTML);
}

/** Same-document links of the kept markup, followed in the app as its `<Link>`s would be once live. */
function useFollowLinks() {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    const link = (event.target as Element).closest('a');
    if (!link || link.origin !== location.origin || (link.target && link.target !== '_self') || link.hasAttribute('download')) return;
    event.preventDefault();
    void navigate(`${link.pathname}${link.search}${link.hash}`);
  };
}

/** The same values, each the very same object (the query cache keeps an unchanged part's object). */
const sameValues = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((value, i) => Object.is(value, b[i]));

// Transparent to the layout around it (a flex column, a grid cell): only its children are laid out.
const WRAPPER_STYLE = { display: 'contents' } as const;

/**
 * A part of a server-painted page that is read, not operated — text, figures, links (a button that
 * only navigates is a link). Hydrating it would run all of its components again in the browser to
 * produce the markup already there; instead React keeps the server's markup as it is and walks none of
 * it, and its links are followed in the app by one listener. It renders its children as any component
 * once `data` (the values the part shows) is no longer what it was painted from, and whenever the page
 * was not painted by the server (a later visit of the page, a page rendered in the browser).
 * Never for a part with its own state or handlers: those need the hydration.
 */
export function PaintedPart({ name, data, children }: { name: string; data: readonly unknown[]; children: ReactNode }) {
  const [kept] = useState(() => painted.get(name));
  const [paintedFrom] = useState(() => data);
  const followLinks = useFollowLinks();
  // Once mounted, a later mount of the same part (coming back to the page) renders it live.
  useEffect(() => {
    painted.delete(name);
  }, [name]);
  const keptMarkup = kept !== undefined && (
    <div key="painted" {...{ [ATTRIBUTE]: name }} style={WRAPPER_STYLE} onClick={followLinks} dangerouslySetInnerHTML={{ __html: kept }} />
  );
  if (keptMarkup && sameValues(data, paintedFrom)) return keptMarkup;
  const live = (
    <div key="live" {...{ [ATTRIBUTE]: name }} style={WRAPPER_STYLE}>
      {children}
    </div>
  );
  // Children whose code is still on its way: the painted markup stays until they can show.
  return keptMarkup ? <Suspense fallback={keptMarkup}>{live}</Suspense> : live;
}
