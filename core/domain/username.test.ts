import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emailFromUsername, usernameFromEmail } from './username';

describe('username from e-mail', () => {
  it('is the base64url of the lowercased address', () => {
    expect(usernameFromEmail('  Camila.Rojas@Ejemplo.CL ')).toBe('Y2FtaWxhLnJvamFzQGVqZW1wbG8uY2w');
    expect(usernameFromEmail('camila.rojas@ejemplo.cl')).toBe(usernameFromEmail('CAMILA.ROJAS@EJEMPLO.CL'));
  });

  it('is reversible and URL-safe for any address, accents included', () => {
    fc.assert(
      fc.property(fc.emailAddress(), fc.constantFrom('', 'ñ', 'é'), (email, accent) => {
        const address = `${accent}${email}`.toLowerCase();
        const username = usernameFromEmail(address);
        expect(username).toMatch(/^[A-Za-z0-9_-]+$/);
        expect(emailFromUsername(username)).toBe(address);
      }),
    );
  });
});
