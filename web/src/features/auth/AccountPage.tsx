import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppStore } from '../../app/store';
import { RELOAD_DELAY_MS } from '../../app/timings';
import { Field } from '../../app/ui/Field';
import { SubmitButton } from '../../app/ui/SubmitButton';
import { authText } from '../../i18n/auth';
import { DownloadMyData } from './DownloadMyData';
import { fromChileanMobile, toChileanMobile, validateNewPassword } from './model';
import { changePassword, deleteAccount, saveAttributes } from './service';

/** After an account update the page reloads after 1 s (spec section 4). */
const reloadSoon = () => setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);

/** `extraSections`: sections other features contribute (the app composes them, e.g. the plan). */
export function AccountPage({ extraSections }: { extraSections?: ReactNode } = {}) {
  return (
    <section className="page page--narrow">
      <h1>{authText.account.title}</h1>
      <div className="account-sections">
        {extraSections}
        <PersonalDataForm />
        <PasswordForm />
        <MyData />
        <DeleteAccount />
      </div>
    </section>
  );
}

function PersonalDataForm() {
  const attributes = useAppStore((state) => state.user.userInfo?.attributes);
  const [givenName, setGivenName] = useState(attributes?.given_name ?? attributes?.name?.split(' ')[0] ?? '');
  const [familyName, setFamilyName] = useState(
    attributes?.family_name ?? attributes?.name?.split(' ').slice(1).join(' ') ?? '',
  );
  const [phone, setPhone] = useState(fromChileanMobile(attributes?.phone_number));
  const [errors, setErrors] = useState<{ givenName?: string; familyName?: string; phone?: string }>({});
  const [busy, setBusy] = useState(false);
  const t = authText;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const mobile = toChileanMobile(phone);
    const found = {
      givenName: givenName.trim() ? undefined : t.validation.required,
      familyName: familyName.trim() ? undefined : t.validation.required,
      phone: mobile ? undefined : t.validation.phone,
    };
    setErrors(found);
    if (found.givenName || found.familyName || !mobile) return;
    setBusy(true);
    const saved = await saveAttributes({
      given_name: givenName.trim(),
      family_name: familyName.trim(),
      phone_number: mobile,
    });
    if (saved) reloadSoon();
    else setBusy(false);
  }

  return (
    <form className="card form" onSubmit={submit} noValidate aria-labelledby="datos-personales">
      <h2 id="datos-personales">{t.account.personalData}</h2>
      <Field label={t.fields.email} type="email" value={attributes?.email ?? ''} readOnly disabled />
      <div className="form__row">
        <Field
          label={t.fields.givenName}
          autoComplete="given-name"
          value={givenName}
          onChange={(e) => setGivenName(e.target.value)}
          error={errors.givenName}
          required
        />
        <Field
          label={t.fields.familyName}
          autoComplete="family-name"
          value={familyName}
          onChange={(e) => setFamilyName(e.target.value)}
          error={errors.familyName}
          required
        />
      </div>
      <Field
        label={t.fields.phone}
        type="tel"
        inputMode="tel"
        hint={t.fields.phoneHint}
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
        error={errors.phone}
        required
      />
      <SubmitButton busy={busy} label={t.account.save} busyLabel={t.account.saving} />
    </form>
  );
}

function PasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{ current?: string; next?: string }>({});
  const [busy, setBusy] = useState(false);
  const t = authText;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      current: current ? undefined : t.validation.required,
      next: validateNewPassword(next, confirmation),
    };
    setErrors(found);
    if (found.current || found.next) return;
    setBusy(true);
    const changed = await changePassword(current, next);
    if (changed) reloadSoon();
    else setBusy(false);
  }

  return (
    <form className="card form" onSubmit={submit} noValidate aria-labelledby="cambiar-clave">
      <h2 id="cambiar-clave">{t.account.passwordTitle}</h2>
      <Field
        label={t.fields.currentPassword}
        type="password"
        autoComplete="current-password"
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
        error={errors.current}
        revealable
        required
      />
      <Field
        label={t.fields.newPassword}
        type="password"
        autoComplete="new-password"
        hint={t.fields.passwordHint}
        value={next}
        onChange={(e) => setNext(e.target.value)}
        error={errors.next}
        revealable
        required
      />
      <Field
        label={t.fields.confirmPassword}
        type="password"
        autoComplete="new-password"
        value={confirmation}
        onChange={(e) => setConfirmation(e.target.value)}
        required
      />
      <SubmitButton busy={busy} label={t.account.changePassword} busyLabel={t.account.saving} />
    </form>
  );
}

/** "Descargar mis datos": the JSON export of everything the platform keeps about the student. */
function MyData() {
  const t = authText.account.export;
  return (
    <section className="card" aria-labelledby="mis-datos">
      <h2 id="mis-datos">{t.title}</h2>
      <p>{t.intro}</p>
      <DownloadMyData />
    </section>
  );
}

function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const dialog = useRef<HTMLDivElement>(null);
  const t = authText.account;

  useEffect(() => {
    if (!open) return;
    dialog.current?.querySelector('input')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !busy) setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, busy]);

  async function confirm(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const deleted = await deleteAccount();
    setBusy(false);
    if (deleted) navigate('/inicio-sesion', { replace: true });
  }

  return (
    <section className="card danger-zone" aria-labelledby="eliminar-cuenta">
      <h2 id="eliminar-cuenta">{t.dangerTitle}</h2>
      <p>{t.dangerIntro}</p>
      <button type="button" className="button button--danger" onClick={() => setOpen(true)}>
        {t.deleteButton}
      </button>
      {open && (
        <div className="dialog-backdrop">
          <div
            ref={dialog}
            className="card dialog"
            role="dialog"
            aria-modal="true"
            aria-labelledby="confirmar-eliminar"
            aria-describedby="eliminar-consecuencias eliminar-descarga"
          >
            <h2 id="confirmar-eliminar">{t.confirmTitle}</h2>
            <p id="eliminar-consecuencias">{t.dangerIntro}</p>
            <div className="dialog__export">
              <p id="eliminar-descarga">{t.export.beforeDeleting}</p>
              <DownloadMyData variant="secondary" />
            </div>
            <form className="form" onSubmit={confirm}>
              <Field
                label={`${t.confirmLabel}: ${t.confirmIntro}`}
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                autoComplete="off"
              />
              <div className="dialog__actions">
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => setOpen(false)}
                  disabled={busy}
                >
                  {t.cancel}
                </button>
                <button
                  type="submit"
                  className="button button--danger"
                  disabled={busy || typed.trim().toUpperCase() !== t.confirmWord}
                >
                  {busy ? t.deleting : t.confirmDelete}
                </button>
              </div>
            </form>
          </div>
        </div>
      )}
    </section>
  );
}
