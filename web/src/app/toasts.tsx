import { create } from 'zustand';
import { es } from '../i18n/es';
import { TOAST_AUTO_CLOSE_MS } from './timings';

export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

interface ToastStore {
  toasts: Toast[];
  show(kind: ToastKind, message: string): number;
  dismiss(id: number): void;
}

let nextId = 1;

/** Toasts close by themselves after 5 s (spec section 9) or when the student closes them. */
export const useToasts = create<ToastStore>()((set, get) => ({
  toasts: [],
  show: (kind, message) => {
    const id = nextId++;
    set((state) => ({ toasts: [...state.toasts, { id, kind, message }] }));
    setTimeout(() => get().dismiss(id), TOAST_AUTO_CLOSE_MS);
    return id;
  },
  dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) })),
}));

export const toast = {
  success: (message: string) => useToasts.getState().show('success', message),
  error: (message: string) => useToasts.getState().show('error', message),
  info: (message: string) => useToasts.getState().show('info', message),
};

export function Toasts() {
  const toasts = useToasts((state) => state.toasts);
  const dismiss = useToasts((state) => state.dismiss);
  return (
    <section className="toasts" aria-label={es.toast.region}>
      {toasts.map((item) => (
        <div
          key={item.id}
          className={`toast toast--${item.kind}`}
          role={item.kind === 'error' ? 'alert' : 'status'}
          aria-live={item.kind === 'error' ? 'assertive' : 'polite'}
        >
          <span>{item.message}</span>
          <button
            type="button"
            className="toast__close"
            onClick={() => dismiss(item.id)}
            aria-label={es.toast.close}
          >
            ×
          </button>
        </div>
      ))}
    </section>
  );
}
