/**
 * Runtime configuration of the Lambda code, read from the environment. The same code runs in AWS
 * (values set by CDK) and in the local stack (values set by scripts/local); nothing else differs.
 */
export interface LambdaConfig {
  region: string;
  /** Set only locally: the dynalite endpoint. In AWS the SDK finds DynamoDB by itself. */
  dynamoEndpoint: string | undefined;
  /** Origin of the web app, the only one CORS allows. */
  webOrigin: string;
  tables: {
    users: string;
    content: string;
    events: string;
  };
  crm: {
    /** SQS queue of CRM updates; unset locally, where the in-process queue is used. */
    queueUrl: string | undefined;
    /** HubSpot portal and the registration form that sign-ups are submitted to. */
    portalId: string | undefined;
    registerFormId: string | undefined;
    /** The form that messages of the public contact page (/contacto) are submitted to. */
    contactFormId: string | undefined;
    /** Fixed pipeline and stage of tutoring tickets (never taken from the client). */
    ticketPipeline: string;
    ticketStage: string;
  };
  payments: {
    /** Stripe price ids of the premium plans (STRIPE_PRICE_MONTHLY, STRIPE_PRICE_YEARLY). */
    priceIds: { monthly: string | undefined; yearly: string | undefined };
    /** Stripe coupon applied at checkout while the promotion of domain/constants.ts is active. */
    promotionCouponId: string | undefined;
    /** Only locally: where the local checkout and portal pages are served (no Stripe keys). */
    localPagesUrl: string | undefined;
  };
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): LambdaConfig {
  return {
    region: env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'us-east-1',
    dynamoEndpoint: env.DYNAMODB_ENDPOINT || undefined,
    webOrigin: env.WEB_ORIGIN ?? 'http://localhost:5173',
    tables: {
      users: env.USERS_TABLE ?? 'preu-users',
      content: env.CONTENT_TABLE ?? 'preu-content',
      events: env.EVENTS_TABLE ?? 'preu-events',
    },
    crm: {
      queueUrl: env.CRM_QUEUE_URL || undefined,
      portalId: env.HUBSPOT_PORTAL_ID || undefined,
      registerFormId: env.HUBSPOT_REGISTER_FORM_ID || undefined,
      contactFormId: env.HUBSPOT_CONTACT_FORM_ID || undefined,
      ticketPipeline: env.HUBSPOT_TICKET_PIPELINE ?? '0',
      ticketStage: env.HUBSPOT_TICKET_STAGE ?? '1',
    },
    payments: {
      priceIds: {
        monthly: env.STRIPE_PRICE_MONTHLY || undefined,
        yearly: env.STRIPE_PRICE_YEARLY || undefined,
      },
      promotionCouponId: env.STRIPE_PROMOTION_COUPON || undefined,
      localPagesUrl: env.LOCAL_PAYMENTS_URL || undefined,
    },
  };
}
