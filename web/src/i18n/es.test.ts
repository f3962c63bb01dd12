import { describe, expect, it } from 'vitest';
import { es, identityErrorMessage } from './es';

describe('identity error messages', () => {
  it('covers every identity error code of the spec', () => {
    const codes = [
      'InvalidPasswordException',
      'CodeDeliveryFailureException',
      'InvalidEmailRoleAccessPolicyException',
      'InvalidParameterException',
      'UsernameExistsException',
      'UserNotFoundException',
      'UserNotConfirmedException',
      'PasswordResetRequiredException',
      'NotAuthorizedException',
      'CodeMismatchException',
    ];
    expect(Object.keys(es.identityErrors).sort()).toEqual([...codes].sort());
    for (const code of codes) expect(identityErrorMessage(code)).not.toBe(es.errors.default);
  });

  it('keeps the spec wording, with spelling and accents corrected', () => {
    expect(identityErrorMessage('NotAuthorizedException')).toBe(
      'Nombre de usuario o contraseña incorrectos.',
    );
    expect(identityErrorMessage('SomethingElse')).toBe(
      'Ocurrió un error al enviar tus datos, inténtalo de nuevo más tarde.',
    );
    expect(identityErrorMessage(undefined)).toBe(es.errors.default);
  });
});
