import type { ScheduleOption, ScheduleOptionKey, TutoringField } from '@core/domain/tutoring';
import { TUTORING_REQUEST_LIMITS } from '@core/domain/tutoring';
import {
  type ChangeEvent,
  type FormEvent,
  type TextareaHTMLAttributes,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { Field } from '../../app/ui/Field';
import { SubmitButton } from '../../app/ui/SubmitButton';
import { tutoringText } from '../../i18n/tutoring';
import { type DraftErrors, dateBounds, emptyDraft, optionKeys, toRequestBody, validateDraft } from './model';
import { requestTutoring } from './service';

const t = tutoringText;
const TIME_STEP_SECONDS = 15 * 60;

/** The request form: options A (required), B and C (optional), and the doubts. */
export function TutoringForm({ now = () => new Date() }: { now?: () => Date }) {
  const [draft, setDraft] = useState(emptyDraft);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [busy, setBusy] = useState(false);
  const [attempts, setAttempts] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const hintId = useId();
  const bounds = dateBounds(now());

  // After a refused submit, take the student to the first field to fix.
  useEffect(() => {
    if (attempts > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempts]);

  const clearError = (field: TutoringField) =>
    setErrors((current) => {
      if (!current[field]) return current;
      const { [field]: _cleared, ...rest } = current;
      return rest;
    });

  const setOption =
    (key: ScheduleOptionKey, part: keyof ScheduleOption) => (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.target.value;
      setDraft((current) => ({
        ...current,
        options: { ...current.options, [key]: { ...current.options[key], [part]: value } },
      }));
      clearError(`${key}.${part}`);
    };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = validateDraft(draft, now());
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setAttempts((count) => count + 1);
      return;
    }
    setBusy(true);
    // On success the page reloads, so the button stays busy until then.
    if (!(await requestTutoring(toRequestBody(draft)))) setBusy(false);
  }

  const hasErrors = Object.keys(errors).length > 0;
  return (
    <form
      ref={form}
      className="card form tutoring-form"
      onSubmit={submit}
      noValidate
      aria-labelledby="solicitar-tutoria"
    >
      <h2 id="solicitar-tutoria">{t.form.title}</h2>
      <p id={hintId} className="form__note">
        {t.form.optionsHint}
      </p>
      {optionKeys.map((key) => (
        <fieldset key={key} className="schedule-option" aria-describedby={hintId}>
          <legend>
            {t.form.option(key)}{' '}
            <span className="schedule-option__tag">{key === 'A' ? t.form.required : t.form.optional}</span>
          </legend>
          <div className="schedule-option__fields">
            <Field
              label={t.form.date}
              type="date"
              name={`${key}-date`}
              min={bounds.min}
              max={bounds.max}
              value={draft.options[key].date}
              onChange={setOption(key, 'date')}
              error={errors[`${key}.date`]}
              required={key === 'A'}
            />
            <Field
              label={t.form.start}
              type="time"
              name={`${key}-start`}
              min={TUTORING_REQUEST_LIMITS.earliestTime}
              max={TUTORING_REQUEST_LIMITS.latestTime}
              step={TIME_STEP_SECONDS}
              value={draft.options[key].start}
              onChange={setOption(key, 'start')}
              error={errors[`${key}.start`]}
              required={key === 'A'}
            />
            <Field
              label={t.form.end}
              type="time"
              name={`${key}-end`}
              min={TUTORING_REQUEST_LIMITS.earliestTime}
              max={TUTORING_REQUEST_LIMITS.latestTime}
              step={TIME_STEP_SECONDS}
              value={draft.options[key].end}
              onChange={setOption(key, 'end')}
              error={errors[`${key}.end`]}
              required={key === 'A'}
            />
          </div>
        </fieldset>
      ))}
      <TextAreaField
        label={t.form.doubts}
        hint={t.form.doubtsHint}
        name="doubts"
        rows={5}
        maxLength={TUTORING_REQUEST_LIMITS.doubtsMaxLength}
        value={draft.doubts}
        onChange={(event) => {
          const value = event.target.value;
          setDraft((current) => ({ ...current, doubts: value }));
          clearError('doubts');
        }}
        error={errors.doubts}
        required
      />
      {hasErrors && (
        <p className="form__summary" role="alert">
          {t.form.fixErrors}
        </p>
      )}
      <SubmitButton busy={busy} label={t.form.submit} busyLabel={t.form.submitting} />
    </form>
  );
}

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'value'> {
  label: string;
  hint: string;
  error: string | undefined;
  value: string;
  maxLength: number;
}

/** A labelled textarea with its hint, character count and error tied to it, like `Field`. */
function TextAreaField({ label, hint, error, value, maxLength, ...textarea }: TextAreaFieldProps) {
  const id = useId();
  const describedBy = [`${id}-hint`, `${id}-count`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        value={value}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...textarea}
      />
      <p id={`${id}-hint`} className="field__hint">
        {hint}
      </p>
      <p id={`${id}-count`} className="field__hint field__count">
        {tutoringText.form.counter(value.length, maxLength)}
      </p>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
