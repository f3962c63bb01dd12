import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { ScrollRestoration, useLocation, useMatches } from 'react-router';
import { trackPageView } from './analytics';
import { activeConfig } from './config';
import { applyPageMeta, routeMeta } from './pageMeta';
import { syncSupportChat } from './supportChat';

/**
 * What happens on every route change: the page's title and meta tags, the support chat shown or
 * removed, exactly one page view, and the scroll position reset (or restored on back/forward).
 */
export function RouteEffects() {
  const location = useLocation();
  const matches = useMatches();
  const meta = useMemo(() => routeMeta(matches, location.pathname), [matches, location.pathname]);
  const lastTracked = useRef<{ key: string; url: string; hash: string } | null>(null);

  // Layout effects run before the page-view effect below, so the view carries the new title.
  useLayoutEffect(() => {
    applyPageMeta(meta, `${window.location.origin}${location.pathname}`);
  }, [meta, location.pathname]);

  useEffect(() => {
    syncSupportChat(location.pathname, activeConfig());
  }, [location.pathname]);

  useEffect(() => {
    // Each navigation has its own key; StrictMode's second effect run sees the same key. A jump
    // to an anchor of the same page (only the hash changed) is not a new page.
    const url = `${location.pathname}${location.search}`;
    const last = lastTracked.current;
    if (last?.key === location.key) return;
    lastTracked.current = { key: location.key, url, hash: location.hash };
    if (last?.url === url && last.hash !== location.hash) return;
    trackPageView({
      path: url,
      location: `${window.location.origin}${location.pathname}${location.search}`,
      title: document.title,
    });
  }, [location.key, location.pathname, location.search, location.hash]);

  return <ScrollRestoration />;
}
