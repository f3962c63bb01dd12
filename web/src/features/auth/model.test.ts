import { describe, expect, it } from 'vitest';
import {
  canResend,
  formatCountdown,
  resendDeadline,
  safeRedirect,
  toChileanMobile,
  validateCode,
  validateNewPassword,
  validateSignUp,
} from './model';

describe('account rules', () => {
  it('requires every sign-up field, a valid e-mail, 8-character password and a Chilean mobile', () => {
    expect(
      validateSignUp({ firstname: '', lastname: ' ', email: 'x@', password: '1234567', phone: '12' }),
    ).toEqual({
      firstname: 'Este campo es obligatorio.',
      lastname: 'Este campo es obligatorio.',
      email: 'Ingresa un correo electrónico válido.',
      password: 'La contraseña debe tener al menos 8 caracteres.',
      phone: 'Ingresa un celular chileno de 9 dígitos que empiece con 9.',
    });
    expect(
      validateSignUp({
        firstname: 'Ana',
        lastname: 'Soto',
        email: 'Ana@Ejemplo.CL',
        password: '12345678',
        phone: '912345678',
      }),
    ).toEqual({});
  });

  it('stores Chilean mobiles in E.164 whatever the typing', () => {
    for (const typed of ['912345678', '9 1234 5678', '+56 9 1234 5678', '56912345678', '(9) 1234-5678']) {
      expect(toChileanMobile(typed)).toBe('+56912345678');
    }
    expect(toChileanMobile('221234567')).toBeNull();
    expect(toChileanMobile('91234567')).toBeNull();
  });

  it('sets the resend deadline 5 minutes ahead only when none is set', () => {
    expect(resendDeadline(null, 1_000)).toBe(301_000);
    expect(resendDeadline(200_000, 250_000)).toBe(200_000);
    expect(canResend(null, 0)).toBe(true);
    expect(canResend(301_000, 300_999)).toBe(false);
    expect(canResend(301_000, 301_000)).toBe(true);
    expect(formatCountdown(300_000)).toBe('5:00');
    expect(formatCountdown(65_400)).toBe('1:06');
    expect(formatCountdown(-5)).toBe('0:00');
  });

  it('checks codes and new passwords', () => {
    expect(validateCode(' 123456 ')).toBeUndefined();
    expect(validateCode('12345')).toBe('El código tiene 6 dígitos.');
    expect(validateNewPassword('abcdefgh', 'abcdefgh')).toBeUndefined();
    expect(validateNewPassword('abcdefgh', 'abcdefgx')).toBe('Las contraseñas no coinciden.');
  });

  it('follows only same-site redirects', () => {
    expect(safeRedirect('/centro-estudio/cuenta')).toBe('/centro-estudio/cuenta');
    expect(safeRedirect('https://evil.example')).toBe('/centro-estudio');
    expect(safeRedirect('//evil.example')).toBe('/centro-estudio');
    expect(safeRedirect(null)).toBe('/centro-estudio');
  });
});
