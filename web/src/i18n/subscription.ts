import type { PremiumPlan } from '@core/domain/subscription';

/** Strings of the pricing page and of the plan panel of the account page. */
export const subscriptionText = {
  nav: 'Planes',
  meta: {
    title: 'Planes y precios',
    description:
      'Empieza gratis con 3 lecciones, 3 quizzes y 1 ensayo. Con Premium tienes lecciones, quizzes y ensayos sin límite. Plan anual $330.000 o mensual $82.500.',
  },
  pricing: {
    title: 'Planes y precios',
    intro: 'Empieza gratis. Cuando quieras estudiar sin límites, pásate a Premium.',
    cancelled: 'El pago se canceló y no se hizo ningún cargo. Puedes elegir un plan cuando quieras.',
    chosen: 'Plan elegido',
    continueWith: (plan: string) => `Continúa con el ${plan}: pulsa el botón para ir al pago.`,
    promotion: (percent: number, until: string) => `Promoción: ${percent}% de descuento hasta el ${until}.`,
    before: (price: string) => `Antes ${price}`,
    free: {
      name: 'Gratis',
      price: '$0',
      period: 'para siempre',
      cta: 'Crear cuenta gratis',
      current: 'Tu plan actual',
    },
    premium: {
      name: 'Premium',
      intro: 'Todo el material, sin límites.',
      already: 'Ya tienes Premium.',
      manage: 'Administrar mi plan',
    },
    plans: {
      yearly: {
        name: 'Plan anual',
        period: 'por 12 meses',
        perMonth: (price: string) => `Equivale a ${price} al mes.`,
        cta: 'Elegir plan anual',
      },
      monthly: {
        name: 'Plan mensual',
        period: 'al mes',
        perMonth: () => 'Pagas mes a mes.',
        cta: 'Elegir plan mensual',
      },
    } satisfies Record<PremiumPlan, unknown>,
    opening: 'Abriendo el pago…',
    signInFirst: 'Te pediremos iniciar sesión antes de pagar.',
    compare: {
      title: 'Compara los planes',
      feature: 'Incluye',
      lessons: 'Lecciones',
      quizzes: 'Quizzes',
      exams: 'Ensayos',
      tutoring: 'Tutorías con profesor',
      unlimited: 'Sin límite',
      count: (n: number) => String(n),
      tutoringRule: (perMonth: number, perYear: number) =>
        `${perMonth} hora al mes (hasta ${perYear} al año)`,
    },
    fine: [
      'Precios en pesos chilenos (CLP). El plan anual se cobra una vez por 12 meses y el mensual cada mes; ambos se renuevan automáticamente hasta que los canceles.',
      'Puedes cancelar cuando quieras desde «Mi cuenta»: mantienes Premium hasta el final del período pagado.',
      'El pago se procesa con Stripe; nunca guardamos los datos de tu tarjeta.',
    ],
  },
  panel: {
    title: 'Mi plan',
    freeName: 'Plan gratuito',
    freeSummary: (lessons: number, quizzes: number, exams: number) =>
      `Incluye ${lessons} lecciones, ${quizzes} quizzes y ${exams} ${exams === 1 ? 'ensayo' : 'ensayos'}.`,
    seePlans: 'Ver planes Premium',
    premiumName: (plan: PremiumPlan | null) =>
      plan === 'yearly' ? 'Premium anual' : plan === 'monthly' ? 'Premium mensual' : 'Premium',
    status: 'Estado',
    statuses: {
      active: 'Activo',
      trialing: 'En período de prueba',
      past_due: 'Pago pendiente',
    } as Record<string, string>,
    renews: 'Próxima renovación',
    endsOn: 'Premium hasta',
    cancelScheduled: 'Cancelaste la renovación: mantienes Premium hasta esa fecha.',
    pastDue:
      'No pudimos cobrar la renovación. Actualiza tu medio de pago en «Administrar suscripción» para no perder Premium.',
    manage: 'Administrar suscripción',
    history: 'Ver pagos y facturas',
    opening: 'Abriendo el portal…',
    confirming: 'Confirmando tu pago…',
    confirmed: '¡Listo! Tu plan Premium está activo.',
    stillProcessing:
      'Tu pago se está procesando. Tu plan se activará en unos minutos; vuelve a revisar más tarde.',
    refresh: 'Actualizar',
  },
  errors: {
    checkout: 'No pudimos abrir el pago. Inténtalo de nuevo en unos minutos.',
    portal: 'No pudimos abrir el portal de suscripción. Inténtalo de nuevo en unos minutos.',
  },
} as const;
