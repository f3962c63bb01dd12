/**
 * The CRM routes' requests (lambdas/http/crm.ts validates with these; `{crm}` = hubspot in the
 * spec) and their answers.
 */
import * as z from 'zod';

const text = (max: number) => z.string().trim().max(max);

/** Chilean mobile numbers in E.164: +56 9 and eight digits. */
export const chileanMobile = z
  .string()
  .regex(/^\+569\d{8}$/, 'debe ser un celular chileno en formato +569XXXXXXXX');

const email = z.string().trim().toLowerCase().email().max(254);
/** Who fills in a form: both forms ask the same. */
const person = { firstname: text(80).min(1), lastname: text(80).min(1), email };

const formContext = z
  .object({
    hutk: z
      .string()
      .regex(/^[a-f0-9]{32}$/i)
      .optional(),
    pageUri: z.string().url().max(500),
    pageName: text(200),
  })
  .strict();

/** `POST /api/hubspot/submission/register`: the registration form. */
export const registerBody = z
  .object({
    fields: z
      .object({
        ...person,
        phone: chileanMobile,
        username: text(400).min(1),
        pathname: text(200).default('/'),
      })
      .strict(),
    context: formContext,
  })
  .strict();

/** `POST /api/hubspot/submission/contact`. `website` is a field people never see: bots fill it. */
export const contactBody = z
  .object({
    fields: z
      .object({
        ...person,
        phone: chileanMobile.optional(),
        message: text(5000).min(10),
      })
      .strict(),
    context: formContext,
    website: z.string().max(200).optional(),
  })
  .strict();

/** `GET /api/hubspot/contact?email=`: the caller's own address only. */
export const contactQuery = z.object({ email: z.string().trim().toLowerCase().email() }).strict();

/** `PUT /api/hubspot/contact`: one allow-listed property of the caller's contact. */
export const propertyBody = z
  .object({
    name: z.string().min(1).max(60),
    value: z.union([z.string(), z.number(), z.boolean()]).transform((v) => String(v)),
    /** Ignored: the server uses the caller's own contact. */
    contactId: z.union([z.string(), z.number()]).nullable().optional(),
  })
  .strict();

/** `POST /api/hubspot/ticket`. */
export const ticketBody = z
  .object({
    /** Ignored: pipeline and stage come from configuration. */
    pipeline: z.union([z.string(), z.number()]).optional(),
    stage: z.union([z.string(), z.number()]).optional(),
    subject: text(200).min(1),
    content: text(5000).min(1),
    contactId: z.union([z.string(), z.number()]).nullable().optional(),
  })
  .strict();

/** What the browser sends (before defaults and transforms). */
export type RegistrationSubmission = z.input<typeof registerBody>;
export type ContactFormBody = z.input<typeof contactBody>;
export type PropertyUpdateBody = z.input<typeof propertyBody>;

/** What the handler receives (after them). */
export type RegistrationForm = z.output<typeof registerBody>;
export type ContactForm = Omit<z.output<typeof contactBody>, 'website'>;
export type PropertyUpdate = z.output<typeof propertyBody>;
export type TicketRequest = z.output<typeof ticketBody>;

/** The answers: a form submitted to the CRM; an update or ticket queued (202); a contact look-up. */
export interface Submitted {
  submitted: true;
}
export interface Queued {
  queued: true;
}
export interface ContactLookup {
  exist: boolean;
  contact: { id: string } | null;
}
