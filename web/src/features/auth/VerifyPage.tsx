import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAppStore } from '../../app/store';
import { AuthCard } from '../../app/ui/AuthCard';
import { Field } from '../../app/ui/Field';
import { SubmitButton } from '../../app/ui/SubmitButton';
import { authText } from '../../i18n/auth';
import { canResend, formatCountdown, validateCode } from './model';
import { clearResendDeadline, confirmRegistration, hasPasswordInMemory, resendCode } from './service';

/** Enter the e-mailed code; resend it with a 5-minute countdown (spec "Confirm sign-up", "Resend code"). */
export function VerifyPage() {
  const pending = useAppStore((state) => state.user.pendingSignUp);
  const resendUntil = useAppStore((state) => state.user.resendUntil);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const navigate = useNavigate();
  const needsPassword = !hasPasswordInMemory();
  const t = authText.verify;

  useEffect(() => {
    if (resendUntil === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [resendUntil]);

  useEffect(() => {
    if (resendUntil !== null && resendUntil <= now) clearResendDeadline();
  }, [resendUntil, now]);

  if (!pending) {
    return (
      <AuthCard title={t.title}>
        <p>{t.noPending}</p>
        <p className="form__footer">
          <Link to="/inicio-sesion">{authText.nav.signIn}</Link> ·{' '}
          <Link to="/registro">{authText.nav.signUp}</Link>
        </p>
      </AuthCard>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem =
      validateCode(code) ??
      (needsPassword && password.length === 0 ? authText.validation.required : undefined);
    setError(problem);
    if (problem) return;
    setBusy(true);
    const destination = await confirmRegistration(code, needsPassword ? password : undefined);
    setBusy(false);
    if (destination) navigate(destination);
  }

  const waiting = !canResend(resendUntil, now);
  return (
    <AuthCard title={t.title} intro={t.intro(pending.email)}>
      <form className="form" onSubmit={submit} noValidate>
        <Field
          label={authText.fields.code}
          hint={authText.fields.codeHint}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
          error={error && !error.includes('obligatorio') ? error : undefined}
          required
        />
        {needsPassword && (
          <Field
            label={authText.fields.password}
            type="password"
            autoComplete="current-password"
            hint={t.passwordAgain}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={error?.includes('obligatorio') ? error : undefined}
            revealable
            required
          />
        )}
        <SubmitButton busy={busy} label={t.submit} busyLabel={t.submitting} />
      </form>
      <p className="form__footer">
        <button type="button" className="button--link" onClick={() => void resendCode()} disabled={waiting}>
          {t.resend}
        </button>
        {waiting && resendUntil !== null && (
          <span role="timer" aria-live="off">
            {' '}
            · {t.resendWait(formatCountdown(resendUntil - now))}
          </span>
        )}
      </p>
    </AuthCard>
  );
}
