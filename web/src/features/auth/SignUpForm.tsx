import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Field } from '../../app/ui/Field';
import { SubmitButton } from '../../app/ui/SubmitButton';
import { authText } from '../../i18n/auth';
import { type FieldErrors, type SignUpForm as SignUpValues, validateSignUp } from './model';
import { startSignUp } from './service';

const empty: SignUpValues = { firstname: '', lastname: '', email: '', password: '', phone: '' };

/** The sign-up form, used on /registro and on the landing pages. */
export function SignUpForm({ submitLabel }: { submitLabel?: string }) {
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors<keyof SignUpValues>>({});
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  const t = authText;

  const set = (field: keyof SignUpValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateSignUp(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const started = await startSignUp(values, location.pathname);
    setBusy(false);
    if (started) navigate('/registro/verificacion');
  }

  return (
    <form className="form" onSubmit={submit} noValidate aria-label={t.signUp.title}>
      <div className="form__row">
        <Field
          label={t.fields.firstname}
          autoComplete="given-name"
          value={values.firstname}
          onChange={set('firstname')}
          error={errors.firstname}
          required
        />
        <Field
          label={t.fields.lastname}
          autoComplete="family-name"
          value={values.lastname}
          onChange={set('lastname')}
          error={errors.lastname}
          required
        />
      </div>
      <Field
        label={t.fields.email}
        type="email"
        autoComplete="email"
        inputMode="email"
        value={values.email}
        onChange={set('email')}
        error={errors.email}
        required
      />
      <Field
        label={t.fields.phone}
        type="tel"
        autoComplete="tel-national"
        inputMode="tel"
        hint={t.fields.phoneHint}
        value={values.phone}
        onChange={set('phone')}
        error={errors.phone}
        required
      />
      <Field
        label={t.fields.password}
        type="password"
        autoComplete="new-password"
        hint={t.fields.passwordHint}
        value={values.password}
        onChange={set('password')}
        error={errors.password}
        revealable
        required
      />
      <p className="form__note">
        {t.signUp.terms.split('términos y condiciones')[0]}
        <Link to="/legal/terminos-y-condiciones">términos y condiciones</Link> y el{' '}
        <Link to="/legal/aviso-de-privacidad">aviso de privacidad</Link>.
      </p>
      <SubmitButton busy={busy} label={submitLabel ?? t.signUp.submit} busyLabel={t.signUp.submitting} />
    </form>
  );
}
