import {
  chileToday,
  compulsoryTests,
  type OnboardingField,
  type OnboardingIssue,
  offeredTests,
  onboardingDates,
  toOnboardingChoice,
  validateOnboarding,
} from '@core/domain/onboarding';
import { type FormEvent, type ReactNode, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { bundledCatalogue, displayedTests } from '../../app/catalogue';
import { formatCalendarDay } from '../../app/dates';
import { useAppStore } from '../../app/store';
import { toast } from '../../app/toasts';
import { Field } from '../../app/ui/Field';
import { SubmitButton } from '../../app/ui/SubmitButton';
import { onboardingIssueText, onboardingText } from '../../i18n/onboarding';
import {
  initialForm,
  issuesByField,
  type OnboardingForm,
  toDraft,
  toggleTest,
  withCourse,
  withProfile,
} from './model';
import { type OnboardingMode, saveOnboarding } from './service';
import './onboarding.css';

const COURSE_OPTIONS = ['paes', 'pdt'] as const;
const FIELD_ORDER: OnboardingField[] = ['course', 'profile', 'selectedTests', 'date', 'targetPoints'];
const fieldId = (field: OnboardingField) => `onboarding-${field}`;

interface OnboardingPageProps {
  mode: OnboardingMode;
  /** Registration mode: ends the registration (the app passes the auth feature's action). */
  onRegistered?: () => void;
}

/**
 * `/registro/completo` (registration) and `/centro-estudio/cuenta/preparacion` (a later edit):
 * course, profile, tests, sitting and target points.
 */
export function OnboardingPage({ mode, onRegistered }: OnboardingPageProps) {
  const saved = useAppStore((state) => state.onboarding);
  const [form, setForm] = useState<OnboardingForm>(() => initialForm(saved));
  const [touched, setTouched] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const today = useMemo(() => chileToday(), []);
  const t = onboardingText;

  // The record may arrive after the page opened (another device): show it until the student edits.
  useEffect(() => {
    if (!touched) setForm(initialForm(saved));
  }, [saved, touched]);

  const catalogue = bundledCatalogue(form.course);
  const issues = submitted ? validateOnboarding(toDraft(form), catalogue, today) : [];
  const errors = issuesByField(issues);
  const update = (next: OnboardingForm) => {
    setTouched(true);
    setForm(next);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    const draft = toDraft(form);
    const found = validateOnboarding(draft, catalogue, today);
    if (found.length > 0) {
      focusFirstInvalid(found);
      return;
    }
    setBusy(true);
    const ok = await saveOnboarding(toOnboardingChoice(draft), mode);
    setBusy(false);
    if (!ok) return;
    if (mode === 'registration') {
      onRegistered?.();
      toast.success(t.saved);
      navigate('/centro-estudio', { replace: true });
    } else {
      toast.success(t.updated);
      navigate('/centro-estudio/cuenta');
    }
  }

  const profiles = catalogue?.course.profiles ?? [];
  const tests = catalogue ? offeredTests(catalogue, form.profile) : [];
  const compulsory = catalogue ? compulsoryTests(catalogue, form.profile) : [];
  const details = new Map(
    COURSE_OPTIONS.flatMap((course) => displayedTests(course)).map((test) => [test.slug, test]),
  );
  const dates = catalogue ? onboardingDates(catalogue, today) : [];
  const range = catalogue?.course.targetPoints;
  const errorText = (field: OnboardingField) => {
    const issue = errors[field];
    return issue ? onboardingIssueText(issue, form.course) : undefined;
  };

  return (
    <section className="page page--narrow onboarding">
      <div className="card">
        <h1>{mode === 'registration' ? t.title : t.editTitle}</h1>
        <p className="onboarding__intro">{mode === 'registration' ? t.intro : t.editIntro}</p>
        <form className="form onboarding__form" onSubmit={submit} noValidate>
          {issues.length > 0 && (
            <p className="onboarding__summary" role="alert">
              {t.fixErrors}
            </p>
          )}

          <ChoiceGroup field="course" legend={t.course.legend} error={errorText('course')}>
            {COURSE_OPTIONS.map((course) => (
              <Choice
                key={course}
                type="radio"
                name="course"
                checked={form.course === course}
                onChange={() => update(withCourse(form, course, today))}
                label={t.course.options[course].label}
                hint={t.course.options[course].hint}
              />
            ))}
          </ChoiceGroup>

          <ChoiceGroup
            field="profile"
            legend={t.profile.legend}
            hint={t.profile.hint}
            error={errorText('profile')}
          >
            {profiles.map((profile) => (
              <Choice
                key={profile.id}
                type="radio"
                name="profile"
                checked={form.profile === profile.id}
                onChange={() => update(withProfile(form, profile.id))}
                label={profile.label}
              />
            ))}
          </ChoiceGroup>

          <ChoiceGroup
            field="selectedTests"
            legend={t.tests.legend}
            hint={form.course === 'paes' && form.profile ? t.tests.compulsoryHint : undefined}
            error={errorText('selectedTests')}
            list
          >
            {tests.length === 0 && <p className="onboarding__empty">{t.tests.chooseProfileFirst}</p>}
            {tests.map((test) => {
              const info = details.get(test.slug);
              const isCompulsory = compulsory.includes(test.slug);
              return (
                <Choice
                  key={test.slug}
                  type="checkbox"
                  name="selectedTests"
                  checked={form.selectedTests.includes(test.slug)}
                  disabled={isCompulsory}
                  onChange={() => update(toggleTest(form, test.slug))}
                  label={test.title}
                  hint={
                    info
                      ? t.tests.details(info.questionCount, t.tests.minutes(info.durationMinutes))
                      : undefined
                  }
                  badge={isCompulsory ? t.tests.compulsory : undefined}
                  color={info?.color}
                />
              );
            })}
          </ChoiceGroup>

          <ChoiceGroup field="date" legend={t.date.legend} hint={t.date.hint} error={errorText('date')} list>
            {dates.map((date) => (
              <Choice
                key={date.id}
                type="radio"
                name="date"
                checked={form.date === date.id}
                onChange={() => update({ ...form, date: date.id })}
                label={date.label}
                hint={date.date ? t.date.approximately(formatCalendarDay(date.date)) : t.date.other}
              />
            ))}
          </ChoiceGroup>

          <div id={fieldId('targetPoints')}>
            <Field
              label={t.points.label}
              inputMode="numeric"
              autoComplete="off"
              value={form.targetPoints}
              onChange={(event) => update({ ...form, targetPoints: event.target.value })}
              hint={range ? t.points.hint(range.min, range.max) : undefined}
              error={errorText('targetPoints')}
              required
            />
          </div>

          <SubmitButton
            busy={busy}
            label={mode === 'registration' ? t.submit : t.submitEdit}
            busyLabel={t.saving}
          />
          {mode === 'edit' && (
            <p className="form__footer">
              <Link to="/centro-estudio/cuenta">{t.cancelEdit}</Link>
            </p>
          )}
        </form>
      </div>
    </section>
  );
}

function focusFirstInvalid(issues: readonly OnboardingIssue[]) {
  const first = FIELD_ORDER.find((field) => issues.some((issue) => issue.field === field));
  if (!first) return;
  document.getElementById(fieldId(first))?.querySelector<HTMLInputElement>('input:not([disabled])')?.focus();
}

function ChoiceGroup(props: {
  field: OnboardingField;
  legend: string;
  hint?: string | undefined;
  error?: string | undefined;
  list?: boolean;
  children: ReactNode;
}) {
  const id = fieldId(props.field);
  const describedBy = [props.hint ? `${id}-hint` : null, props.error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <fieldset
      id={id}
      className={`choice-group${props.error ? ' choice-group--invalid' : ''}`}
      aria-describedby={describedBy || undefined}
    >
      <legend>{props.legend}</legend>
      {props.hint && (
        <p id={`${id}-hint`} className="field__hint">
          {props.hint}
        </p>
      )}
      <div className={props.list ? 'choice-list' : 'choice-grid'}>{props.children}</div>
      {props.error && (
        <p id={`${id}-error`} className="field__error">
          {props.error}
        </p>
      )}
    </fieldset>
  );
}

function Choice(props: {
  type: 'radio' | 'checkbox';
  name: string;
  checked: boolean;
  disabled?: boolean;
  onChange: () => void;
  label: string;
  hint?: string | undefined;
  badge?: string | undefined;
  color?: string | undefined;
}) {
  return (
    <label
      className={`choice${props.checked ? ' choice--checked' : ''}${props.disabled ? ' choice--fixed' : ''}`}
      style={props.color ? { borderInlineStartColor: props.color } : undefined}
    >
      <input
        type={props.type}
        name={props.name}
        checked={props.checked}
        disabled={props.disabled}
        onChange={props.onChange}
      />
      <span className="choice__text">
        <span className="choice__label">
          {props.label}
          {props.badge && <span className="choice__badge">{props.badge}</span>}
        </span>
        {props.hint && <span className="choice__hint">{props.hint}</span>}
      </span>
    </label>
  );
}
