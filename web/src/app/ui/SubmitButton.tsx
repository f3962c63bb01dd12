interface SubmitButtonProps {
  busy: boolean;
  label: string;
  busyLabel: string;
  disabled?: boolean;
  variant?: 'primary' | 'danger';
}

/** The submit button of a form: disabled and announcing progress while the request runs. */
export function SubmitButton({ busy, label, busyLabel, disabled, variant = 'primary' }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      className={`button button--${variant} button--block`}
      disabled={busy || disabled}
      aria-busy={busy}
    >
      {busy ? busyLabel : label}
    </button>
  );
}
