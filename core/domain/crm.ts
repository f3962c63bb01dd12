/**
 * CRM rules of the spec (sections 5 and 7): the contact properties the platform may set, their
 * values, and the lifecycle-stage rules. Pure: the worker and the routes apply them.
 */
export const LIFECYCLE_STAGES = [
  'subscriber',
  'lead',
  'marketingqualifiedlead',
  'salesqualifiedlead',
  'opportunity',
  'customer',
  'evangelist',
] as const;
export type LifecycleStage = (typeof LIFECYCLE_STAGES)[number];

/** Contact properties a student's session may update, with the values each accepts. */
export const CONTACT_PROPERTIES = {
  last_login: (value: string) => /^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/.test(value),
  clases_restantes: (value: string) => /^\d{1,3}$/.test(value),
  prueba_de_acceso_elegida: (value: string) => value === 'paes' || value === 'pdt',
  email_verificado: (value: string) => value === 'true' || value === 'false',
  lifecyclestage: (value: string) => value.length <= 60,
  hubspot_id: (value: string) => /^\d{1,20}$/.test(value),
} as const satisfies Record<string, (value: string) => boolean>;
export type ContactProperty = keyof typeof CONTACT_PROPERTIES;

export const isContactProperty = (name: string): name is ContactProperty =>
  Object.hasOwn(CONTACT_PROPERTIES, name);

/** `last_login`: today at UTC midnight as ISO text. */
export function lastLoginValue(now: Date = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())).toISOString();
}

/**
 * The lifecycle-stage writes a requested value leads to: none for an empty value, none (with the
 * spec's log line) for an unknown one, and marketingqualifiedlead before salesqualifiedlead.
 */
export function lifecycleStageWrites(value: string | null | undefined): {
  writes: LifecycleStage[];
  warning?: string;
} {
  const stage = (value ?? '').trim();
  if (stage === '') return { writes: [] };
  if (!(LIFECYCLE_STAGES as readonly string[]).includes(stage)) {
    return { writes: [], warning: `Property ${stage} is not a valid lifecycle stage` };
  }
  if (stage === 'salesqualifiedlead') return { writes: ['marketingqualifiedlead', 'salesqualifiedlead'] };
  return { writes: [stage as LifecycleStage] };
}

/** What the CRM queue carries. `key` makes a message idempotent. */
export type CrmMessage =
  | {
      type: 'property';
      key: string;
      email: string;
      contactId: string | null;
      name: ContactProperty;
      value: string;
    }
  | {
      type: 'ticket';
      key: string;
      email: string;
      contactId: string | null;
      subject: string;
      content: string;
    };

/** A queued message also names the student, so the worker can store the contact id it finds. */
export type QueuedCrmMessage = CrmMessage & { sub?: string };
