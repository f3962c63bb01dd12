import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { es } from '../i18n/es';
import { useAppStore } from './store';

function SessionPending() {
  return (
    <div className="page" role="status" aria-live="polite">
      <span className="visually-hidden">{es.app.loading}</span>
      <div className="spinner" />
    </div>
  );
}

/** Pages that are neither public nor in the study centre stay hidden until the session check ends. */
export function AfterSessionCheck({ children }: { children: ReactNode }) {
  const pending = useAppStore((state) => state.auth.fetchPending);
  return pending ? <SessionPending /> : children;
}

/** Any path with centro-estudio needs a signed-in student; others go to /inicio-sesion and come back after. */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  const { fetchPending, isSigned } = useAppStore((state) => state.auth);
  const location = useLocation();
  if (fetchPending) return <SessionPending />;
  if (!isSigned) {
    const redirect = encodeURIComponent(`${location.pathname}${location.search}`);
    return <Navigate to={`/inicio-sesion?redirect=${redirect}`} replace />;
  }
  return children;
}
