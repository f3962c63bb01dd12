import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { track } from '../../app/analytics';
import { activeConfig } from '../../app/config';
import { toast } from '../../app/toasts';
import { Field } from '../../app/ui/Field';
import { SubmitButton } from '../../app/ui/SubmitButton';
import { publicText } from '../../i18n/public';
import {
  type ContactErrors,
  type ContactValues,
  contactBody,
  emptyContact,
  MESSAGE_MAX,
  validateContact,
} from './contactModel';
import { InlineText } from './InlineText';
import './public.css';

/** `/contacto`: a message that reaches the CRM's contact form (locally, the CRM log). */
export function ContactPage() {
  const t = publicText.contact;
  const [values, setValues] = useState<ContactValues>(emptyContact);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<{ name: string; email: string } | null>(null);
  const topicId = useId();
  const messageId = useId();
  const chatAvailable = activeConfig()?.features.supportChat === true;
  const sentHeading = useRef<HTMLHeadingElement>(null);

  // The confirmation replaces the form: move focus (and the view) to it.
  useEffect(() => {
    if (sent) sentHeading.current?.focus();
  }, [sent]);

  const set = (field: keyof ContactValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateContact(values);
    setErrors(found);
    const firstInvalid = Object.keys(found)[0];
    if (firstInvalid) {
      event.currentTarget.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await api.submitContactForm(
        contactBody(values, { uri: window.location.href, name: document.title, cookie: document.cookie }),
      );
      track({ name: 'generate_lead', params: { form: 'contacto' } });
      setSent({ name: values.firstname.trim(), email: values.email.trim().toLowerCase() });
      setValues(emptyContact());
    } catch (error) {
      console.error('The contact form could not be sent', error);
      toast.error(t.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="page contact">
      <header className="contact__header">
        <h1>{t.title}</h1>
        <p className="section__lead">{t.lead}</p>
      </header>
      <div className="contact__layout">
        <div className="card">
          {sent ? (
            <div className="contact__sent" role="status">
              <h2 ref={sentHeading} tabIndex={-1}>
                {t.sentTitle}
              </h2>
              <p>{t.sentBody(sent.name, sent.email)}</p>
              <button type="button" className="button button--secondary" onClick={() => setSent(null)}>
                {t.another}
              </button>
            </div>
          ) : (
            <form className="form" onSubmit={submit} noValidate aria-label={t.title}>
              <div className="form__row">
                <Field
                  name="firstname"
                  label={t.fields.firstname}
                  autoComplete="given-name"
                  value={values.firstname}
                  onChange={set('firstname')}
                  error={errors.firstname}
                  required
                />
                <Field
                  name="lastname"
                  label={t.fields.lastname}
                  autoComplete="family-name"
                  value={values.lastname}
                  onChange={set('lastname')}
                  error={errors.lastname}
                  required
                />
              </div>
              <Field
                name="email"
                label={t.fields.email}
                type="email"
                inputMode="email"
                autoComplete="email"
                value={values.email}
                onChange={set('email')}
                error={errors.email}
                required
              />
              <Field
                name="phone"
                label={t.fields.phone}
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
                hint={t.fields.phoneHint}
                value={values.phone}
                onChange={set('phone')}
                error={errors.phone}
              />
              <div className={`field${errors.topic ? ' field--invalid' : ''}`}>
                <label htmlFor={topicId}>{t.fields.topic}</label>
                <select
                  id={topicId}
                  name="topic"
                  value={values.topic}
                  onChange={set('topic')}
                  aria-invalid={errors.topic ? true : undefined}
                  aria-describedby={errors.topic ? `${topicId}-error` : undefined}
                  required
                >
                  <option value="">{t.fields.topicPlaceholder}</option>
                  {t.topics.map((topic) => (
                    <option key={topic} value={topic}>
                      {topic}
                    </option>
                  ))}
                </select>
                {errors.topic && (
                  <p id={`${topicId}-error`} className="field__error">
                    {errors.topic}
                  </p>
                )}
              </div>
              <div className={`field${errors.message ? ' field--invalid' : ''}`}>
                <label htmlFor={messageId}>{t.fields.message}</label>
                <textarea
                  id={messageId}
                  name="message"
                  rows={6}
                  maxLength={MESSAGE_MAX}
                  value={values.message}
                  onChange={set('message')}
                  aria-invalid={errors.message ? true : undefined}
                  aria-describedby={`${messageId}-hint${errors.message ? ` ${messageId}-error` : ''}`}
                  required
                />
                <p id={`${messageId}-hint`} className="field__hint">
                  {t.fields.messageHint}
                </p>
                {errors.message && (
                  <p id={`${messageId}-error`} className="field__error">
                    {errors.message}
                  </p>
                )}
              </div>
              <div className="contact__trap" aria-hidden="true">
                <label>
                  {t.fields.website}
                  <input
                    name="website"
                    tabIndex={-1}
                    autoComplete="off"
                    value={values.website}
                    onChange={set('website')}
                  />
                </label>
              </div>
              <p className="form__note">
                {t.privacy} <Link to="/legal/aviso-de-privacidad">{t.privacyLink}</Link>.
              </p>
              <SubmitButton busy={busy} label={t.submit} busyLabel={t.sending} />
            </form>
          )}
        </div>
        <aside className="contact__help" aria-labelledby="contact-help">
          <h2 id="contact-help">{t.otherHelpTitle}</h2>
          {chatAvailable && (
            <p>
              <InlineText text={t.chatHelp} />
            </p>
          )}
          <p>
            <InlineText text={t.accountHelp} />
          </p>
          <p>{t.privacyHelp}</p>
        </aside>
      </div>
    </div>
  );
}
