/** Pure rules of the account flows: validation, the resend deadline, redirects. */
import { PASSWORD_MIN_LENGTH } from '@core/domain/constants';
import { RESEND_CODE_WAIT_MS } from '../../app/timings';
import { authText } from '../../i18n/auth';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** A Chilean mobile typed in any usual way (9 1234 5678, +56 9 1234 5678) → E.164, or null. */
export function toChileanMobile(input: string): string | null {
  const digits = input.replace(/[\s\-().]/g, '').replace(/^\+?56/, '');
  return /^9\d{8}$/.test(digits) ? `+56${digits}` : null;
}

/** The local part of a Chilean E.164 mobile, for the form (`+56912345678` → `912345678`). */
export const fromChileanMobile = (phone: string | undefined) => (phone ?? '').replace(/^\+56/, '');

export interface SignUpForm {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  phone: string;
}

export function validateSignUp(form: SignUpForm): FieldErrors<keyof SignUpForm> {
  const errors: FieldErrors<keyof SignUpForm> = {};
  const v = authText.validation;
  if (!form.firstname.trim()) errors.firstname = v.required;
  if (!form.lastname.trim()) errors.lastname = v.required;
  if (!EMAIL.test(normalizeEmail(form.email))) errors.email = v.email;
  if (form.password.length < PASSWORD_MIN_LENGTH) errors.password = v.passwordLength;
  if (!toChileanMobile(form.phone)) errors.phone = v.phone;
  return errors;
}

export function validateEmail(email: string): string | undefined {
  return EMAIL.test(normalizeEmail(email)) ? undefined : authText.validation.email;
}

export function validateNewPassword(password: string, confirmation: string): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return authText.validation.passwordLength;
  if (password !== confirmation) return authText.validation.passwordsDiffer;
  return undefined;
}

export const validateCode = (code: string) =>
  /^\d{6}$/.test(code.trim()) ? undefined : authText.validation.code;

/** A resend sets the 5-minute deadline only when none is set (spec section 4). */
export function resendDeadline(current: number | null, now: number): number {
  return current ?? now + RESEND_CODE_WAIT_MS;
}

/** Whether a resend may be asked for now (no deadline, or it has passed). */
export const canResend = (deadline: number | null, now: number) => deadline === null || deadline <= now;

/** `4:05` for the countdown on the resend button. */
export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Only same-site paths are followed after sign-in (never an open redirect). */
export function safeRedirect(target: string | null | undefined, fallback = '/centro-estudio'): string {
  if (!target?.startsWith('/') || target.startsWith('//') || target.includes('\\')) return fallback;
  return target;
}
