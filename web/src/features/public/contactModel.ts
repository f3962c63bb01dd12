/** The contact form: its values, its checks and the body sent to the CRM. */
import type { ContactFormBody } from '@core/api/crm';
import { publicText } from '../../i18n/public';

export interface ContactValues {
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  topic: string;
  message: string;
  /** The hidden field only bots fill. */
  website: string;
}

export type ContactErrors = Partial<Record<Exclude<keyof ContactValues, 'website'>, string>>;

export const emptyContact = (): ContactValues => ({
  firstname: '',
  lastname: '',
  email: '',
  phone: '',
  topic: '',
  message: '',
  website: '',
});

export const MESSAGE_MAX = 4000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** `9 1234 5678`, `+56 9 1234 5678`, `912345678` → `+56912345678`; null when it is not a Chilean mobile. */
export function chileanMobile(text: string): string | null {
  const digits = text.replace(/[\s()+-]/g, '');
  if (/^9\d{8}$/.test(digits)) return `+56${digits}`;
  if (/^569\d{8}$/.test(digits)) return `+${digits}`;
  return null;
}

export function validateContact(values: ContactValues): ContactErrors {
  const v = publicText.contact.validation;
  const errors: ContactErrors = {};
  if (!values.firstname.trim()) errors.firstname = v.required;
  if (!values.lastname.trim()) errors.lastname = v.required;
  if (!values.email.trim()) errors.email = v.required;
  else if (!EMAIL.test(values.email.trim())) errors.email = v.email;
  if (values.phone.trim() && !chileanMobile(values.phone)) errors.phone = v.phone;
  if (!publicText.contact.topics.includes(values.topic)) errors.topic = v.topic;
  const message = values.message.trim();
  if (message.length < 10) errors.message = v.messageShort;
  else if (message.length > MESSAGE_MAX) errors.message = v.messageLong;
  return errors;
}

/** HubSpot's visitor cookie, so the message joins the visitor's history in the CRM. */
export function hubspotVisitorToken(cookie: string): string | undefined {
  const match = /(?:^|;\s*)hubspotutk=([a-f0-9]{32})(?:;|$)/i.exec(cookie);
  return match?.[1];
}

export function contactBody(
  values: ContactValues,
  page: { uri: string; name: string; cookie: string },
): ContactFormBody {
  const phone = chileanMobile(values.phone);
  const hutk = hubspotVisitorToken(page.cookie);
  return {
    fields: {
      firstname: values.firstname.trim(),
      lastname: values.lastname.trim(),
      email: values.email.trim().toLowerCase(),
      ...(phone ? { phone } : {}),
      message: `${publicText.contact.topicLine(values.topic)}\n\n${values.message.trim()}`,
    },
    context: { ...(hutk ? { hutk } : {}), pageUri: page.uri, pageName: page.name },
    ...(values.website ? { website: values.website } : {}),
  };
}
