import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../app/ui/AuthCard';
import { Field } from '../../app/ui/Field';
import { SubmitButton } from '../../app/ui/SubmitButton';
import { authText } from '../../i18n/auth';
import { safeRedirect, validateEmail } from './model';
import { signInWithPassword } from './service';

export function SignInPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const t = authText;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      email: validateEmail(email),
      password: password.length === 0 ? t.validation.required : undefined,
    };
    setErrors(found);
    if (found.email || found.password) return;
    setBusy(true);
    const result = await signInWithPassword(email, password, safeRedirect(params.get('redirect')));
    setBusy(false);
    if (result.outcome === 'signed-in') navigate(result.destination, { replace: true });
    if (result.outcome === 'verify') navigate('/registro/verificacion');
  }

  return (
    <AuthCard title={t.signIn.title} intro={t.signIn.intro}>
      <form className="form" onSubmit={submit} noValidate>
        <Field
          label={t.fields.email}
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
          required
        />
        <Field
          label={t.fields.password}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
          revealable
          required
        />
        <SubmitButton busy={busy} label={t.signIn.submit} busyLabel={t.signIn.submitting} />
      </form>
      <p className="form__footer">
        <Link to="/inicio-sesion/recuperacion">{t.signIn.forgot}</Link>
      </p>
      <p className="form__footer">
        {t.signIn.noAccount} <Link to="/registro">{t.signIn.signUpLink}</Link>
      </p>
    </AuthCard>
  );
}
