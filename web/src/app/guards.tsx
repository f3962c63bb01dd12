import { isValidElement, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { es } from '../i18n/es';
import { useAppStore } from './store';

/** The spinner of a page that is not ready yet (session check, or its code still downloading). */
export function PagePending() {
  return (
    <div className="page" role="status" aria-live="polite">
      <span className="visually-hidden">{es.app.loading}</span>
      <div className="spinner" />
    </div>
  );
}

/** A page loaded on demand (app/lazyPage.tsx) starts downloading while the session check runs. */
function preloadPage(children: ReactNode): void {
  if (!isValidElement(children)) return;
  const preload = (children.type as { preload?: () => unknown }).preload;
  if (typeof preload === 'function') void preload();
}

/** Pages that are neither public nor in the study centre stay hidden until the session check ends. */
export function AfterSessionCheck({ children }: { children: ReactNode }) {
  const pending = useAppStore((state) => state.auth.fetchPending);
  if (pending) preloadPage(children);
  return pending ? <PagePending /> : children;
}

/** Any path with centro-estudio needs a signed-in student; others go to /inicio-sesion and come back after. */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  const { fetchPending, isSigned } = useAppStore((state) => state.auth);
  const location = useLocation();
  if (fetchPending) {
    preloadPage(children);
    return <PagePending />;
  }
  if (!isSigned) {
    const redirect = encodeURIComponent(`${location.pathname}${location.search}`);
    return <Navigate to={`/inicio-sesion?redirect=${redirect}`} replace />;
  }
  return children;
}
