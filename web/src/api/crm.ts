/**
 * The browser's side of the CRM (spec section 7): the registration form, the contact id, and the
 * property updates that are sent once (one-time flags in local storage). Every failure is only
 * logged: the CRM never stands in a student's way.
 */
import { lastLoginValue } from '@core/domain/crm';
import { usernameFromEmail } from '@core/domain/username';
import { api } from './client';

const FLAG_PREFIX = 'preu-crm:';

/** HubSpot's tracking cookie, when the chat or analytics set one. */
function hubspotTrackingCookie(): string | undefined {
  const match = /(?:^|;\s*)hubspotutk=([a-f0-9]{32})/i.exec(document.cookie);
  return match?.[1];
}

export async function submitRegistrationToCrm(details: {
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  pathname: string;
}): Promise<void> {
  const hutk = hubspotTrackingCookie();
  try {
    await api.submitRegistration({
      fields: { ...details, email: details.email.toLowerCase(), username: usernameFromEmail(details.email) },
      context: { ...(hutk ? { hutk } : {}), pageUri: window.location.href, pageName: document.title },
    });
  } catch (error) {
    console.error('CRM registration form failed', error);
  }
}

/** The caller's CRM contact id, or null (not found yet, or the CRM failed). */
export async function findOwnContactId(email: string): Promise<string | null> {
  try {
    const { exist, contact } = await api.findCrmContact(email.toLowerCase());
    return exist && contact ? contact.id : null;
  } catch (error) {
    console.error('CRM contact lookup failed', error);
    return null;
  }
}

export async function updateCrmProperty(name: string, value: string): Promise<void> {
  try {
    await api.updateCrmContact(name, value);
  } catch (error) {
    console.error(`CRM update of ${name} failed`, error);
  }
}

/** Sends an update once per flag value (e.g. last_login once a day), remembered in local storage. */
export async function updateCrmPropertyOnce(
  name: string,
  value: string,
  storage: Storage = localStorage,
): Promise<void> {
  const key = `${FLAG_PREFIX}${name}`;
  if (storage.getItem(key) === value) return;
  await updateCrmProperty(name, value);
  storage.setItem(key, value);
}

/** `last_login` = today at UTC midnight, once a day. */
export const recordLastLogin = () => updateCrmPropertyOnce('last_login', lastLoginValue());
