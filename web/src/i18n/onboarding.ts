/** Strings of the onboarding (/registro/completo) and of its later edit from the account page. */
import type { OnboardingIssue } from '@core/domain/onboarding';

export const onboardingText = {
  meta: {
    title: 'Completa tu registro',
    editTitle: 'Tu prueba y tu meta',
    description: 'Elige la prueba que rendirás, tu modalidad, cuándo la rindes y tu puntaje meta.',
  },
  title: 'Cuéntanos qué vas a rendir',
  intro:
    'Con esto armamos tu centro de estudio: las pruebas que preparas, cuándo las rindes y el puntaje al que apuntas. Puedes cambiarlo cuando quieras desde Mi cuenta.',
  editTitle: 'Tu prueba y tu meta',
  editIntro: 'Cambia la prueba, las pruebas que preparas, la fecha o tu puntaje meta.',
  course: {
    legend: '¿Qué prueba rendirás?',
    options: {
      paes: {
        label: 'PAES',
        hint: 'Prueba de Acceso a la Educación Superior: la prueba de admisión vigente.',
      },
      pdt: {
        label: 'PDT',
        hint: 'Prueba de Transición: el formato anterior a la PAES, para repasar con sus preguntas.',
      },
    },
  },
  profile: {
    legend: '¿Qué modalidad de enseñanza media cursas o cursaste?',
    hint: 'Define qué pruebas de Ciencias te ofrecemos.',
  },
  tests: {
    legend: '¿Qué pruebas vas a preparar?',
    chooseProfileFirst: 'Elige tu modalidad para ver las pruebas que puedes preparar.',
    compulsoryHint: 'Competencia Lectora y Competencia Matemática 1 (M1) son obligatorias para todos.',
    compulsory: 'Obligatoria',
    details: (questions: number, duration: string) => `${questions} preguntas · ${duration}`,
    minutes: (minutes: number) => {
      const hours = Math.floor(minutes / 60);
      const rest = minutes % 60;
      return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
    },
  },
  date: {
    legend: '¿Cuándo la rindes?',
    hint: 'Las fechas son estimadas: confirma el calendario oficial en demre.cl.',
    approximately: (date: string) => `aprox. ${date}`,
    other: 'Otra fecha o aún no lo sé',
  },
  points: {
    label: '¿Qué puntaje quieres lograr?',
    hint: (min: number, max: number) => `Un número entero entre ${min} y ${max} puntos.`,
  },
  submit: 'Guardar y continuar',
  submitEdit: 'Guardar cambios',
  saving: 'Guardando…',
  cancelEdit: 'Volver a Mi cuenta',
  fixErrors: 'Revisa lo marcado antes de continuar.',
  saved: '¡Listo! Tu centro de estudio ya está preparado.',
  updated: 'Tus datos han sido actualizados',
  summary: {
    title: 'Tu prueba y tu meta',
    course: 'Prueba',
    profile: 'Modalidad',
    tests: 'Pruebas que preparas',
    date: 'Rendición',
    points: 'Puntaje meta',
    pointsValue: (points: number) => `${points} puntos`,
    empty: 'Todavía no nos cuentas qué prueba rendirás ni tu puntaje meta.',
    choose: 'Elegir mi prueba y mi meta',
    edit: 'Cambiar mi prueba y mi meta',
  },
  /** Spec section 8, both paths (first onboarding and later edit), accents corrected. */
  saveFailed: 'Ups, algo salió mal al enviar los datos. Intenta de nuevo más tarde',
};

const COURSE_NAMES: Record<string, string> = { paes: 'la PAES', pdt: 'la PDT' };

/** The message shown under a field for a broken rule. */
export function onboardingIssueText(issue: OnboardingIssue, course?: string): string {
  switch (issue.field) {
    case 'course':
      return 'Elige si rendirás la PAES o la PDT.';
    case 'profile':
      return 'Elige tu modalidad: Científico Humanista o Técnico Profesional.';
    case 'selectedTests':
      if (issue.code === 'compulsoryMissing')
        return 'Competencia Lectora y Competencia Matemática 1 (M1) son obligatorias.';
      if (issue.code === 'notOffered') return 'Hay pruebas que no se ofrecen para tu modalidad: quítalas.';
      return 'Elige al menos una prueba.';
    case 'date':
      return issue.code === 'missing'
        ? 'Elige cuándo rendirás la prueba, o «Otra fecha o aún no lo sé».'
        : 'Esa fecha ya no está disponible: elige otra.';
    case 'targetPoints': {
      const range = `entre ${issue.min} y ${issue.max}`;
      if (issue.code === 'missing') return `Escribe tu puntaje meta: un número ${range}.`;
      if (issue.code === 'notInteger')
        return `El puntaje meta debe ser un número entero, sin decimales ni letras (${range}).`;
      return `Para ${COURSE_NAMES[course ?? ''] ?? 'esta prueba'} el puntaje meta va de ${issue.min} a ${issue.max} puntos.`;
    }
  }
}
