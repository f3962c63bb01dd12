import { es } from '../i18n/es';
import { useAppStore } from './store';

/** Full-screen overlay while the root loading flag is set (spec section 2). */
export function LoadingOverlay() {
  const loading = useAppStore((state) => state.root.loading);
  if (!loading) return null;
  return (
    <div className="loading-overlay" role="progressbar" aria-busy="true" aria-label={es.app.loading}>
      <div className="spinner" />
      <span className="visually-hidden">{es.app.loading}</span>
    </div>
  );
}
