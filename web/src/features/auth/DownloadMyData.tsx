import { useId, useState } from 'react';
import { authText } from '../../i18n/auth';
import { downloadMyData } from './dataExport';

type State =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'done'; fileName: string }
  | { kind: 'error'; message: string };

/**
 * The "Descargar mis datos" button with its own progress and error, next to it and announced:
 * progress and success in a polite status line, a failure as an alert tied to the button. While
 * the file is prepared the button says so and ignores clicks, but keeps the focus (aria-disabled).
 */
export function DownloadMyData({ variant = 'primary' }: { variant?: 'primary' | 'secondary' }) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const errorId = useId();
  const t = authText.account.export;
  const busy = state.kind === 'busy';

  async function download() {
    if (busy) return;
    setState({ kind: 'busy' });
    const result = await downloadMyData();
    setState(
      result.ok
        ? { kind: 'done', fileName: result.fileName }
        : { kind: 'error', message: t.errors[result.reason] },
    );
  }

  return (
    <div className="data-export">
      <button
        type="button"
        className={`button button--${variant}`}
        onClick={download}
        aria-disabled={busy || undefined}
        aria-describedby={state.kind === 'error' ? errorId : undefined}
      >
        {busy ? t.busy : t.button}
      </button>
      <p role="status" className={state.kind === 'done' ? 'data-export__done' : 'visually-hidden'}>
        {state.kind === 'done' ? t.done(state.fileName) : busy ? t.busy : ''}
      </p>
      {state.kind === 'error' && (
        <p id={errorId} role="alert" className="data-export__error">
          {state.message}
        </p>
      )}
    </div>
  );
}
