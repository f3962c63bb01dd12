import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { useAppStore } from '../../app/store';
import { REDIRECT_DELAY_MS } from '../../app/timings';
import { AuthCard } from '../../app/ui/AuthCard';
import { Field } from '../../app/ui/Field';
import { SubmitButton } from '../../app/ui/SubmitButton';
import { authText } from '../../i18n/auth';
import { validateCode, validateEmail, validateNewPassword } from './model';
import { completeRecovery, requestRecovery } from './service';

/** Navigates after the spec's 1-second delay, cancelled if the page goes away first. */
function useDelayedNavigate() {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (path: string) => {
    timer.current = setTimeout(() => navigate(path), REDIRECT_DELAY_MS);
  };
}

export function RecoveryRequestPage() {
  const [email, setEmail] = useState(useAppStore.getState().user.recoveryEmail ?? '');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const navigateLater = useDelayedNavigate();
  const t = authText.recovery;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validateEmail(email);
    setError(problem);
    if (problem) return;
    setBusy(true);
    const sent = await requestRecovery(email);
    if (sent) navigateLater('/inicio-sesion/recuperacion/codigo');
    else setBusy(false);
  }

  return (
    <AuthCard title={t.title} intro={t.intro}>
      <form className="form" onSubmit={submit} noValidate>
        <Field
          label={authText.fields.email}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={error}
          required
        />
        <SubmitButton busy={busy} label={t.submit} busyLabel={t.submitting} />
      </form>
      <p className="form__footer">
        <Link to="/inicio-sesion">{t.back}</Link>
      </p>
    </AuthCard>
  );
}

export function RecoveryCodePage() {
  // Read once: the reset clears it from the store, and this page must not bounce back then.
  const [email] = useState(() => useAppStore.getState().user.recoveryEmail);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{ code?: string; password?: string }>({});
  const [busy, setBusy] = useState(false);
  const navigateLater = useDelayedNavigate();
  const t = authText.recovery;

  if (!email) return <Navigate to="/inicio-sesion/recuperacion" replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = { code: validateCode(code), password: validateNewPassword(password, confirmation) };
    setErrors(found);
    if (found.code || found.password) return;
    setBusy(true);
    const reset = await completeRecovery(code, password);
    if (reset) navigateLater('/inicio-sesion');
    else setBusy(false);
  }

  return (
    <AuthCard title={t.codeTitle} intro={email ? t.codeIntro(email) : undefined}>
      <form className="form" onSubmit={submit} noValidate>
        <Field
          label={authText.fields.code}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          error={errors.code}
          required
        />
        <Field
          label={authText.fields.newPassword}
          type="password"
          autoComplete="new-password"
          hint={authText.fields.passwordHint}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
          revealable
          required
        />
        <Field
          label={authText.fields.confirmPassword}
          type="password"
          autoComplete="new-password"
          value={confirmation}
          onChange={(e) => setConfirmation(e.target.value)}
          required
        />
        <SubmitButton busy={busy} label={t.reset} busyLabel={t.resetting} />
      </form>
      <p className="form__footer">
        <Link to="/inicio-sesion/recuperacion">{t.submit}</Link>
      </p>
    </AuthCard>
  );
}
