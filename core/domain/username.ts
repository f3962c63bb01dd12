/**
 * The username the spec derives from the lowercased e-mail "by an encoding step": base64url of the
 * lowercased, trimmed address. It is reversible (`emailFromUsername`) and URL-safe. Cognito signs
 * students in by e-mail; this username identifies them to the CRM and the user record.
 */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function usernameFromEmail(email: string): string {
  const bytes = new TextEncoder().encode(normalizeEmail(email));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function emailFromUsername(username: string): string {
  const base64 = username.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}
