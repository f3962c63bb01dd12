/** Strings of the study centre, the subject detail and the submodule player (es-CL). */
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const studyText = {
  nav: { studyCenter: 'Centro de estudio' },
  home: {
    title: 'Centro de estudio',
    greeting: (name: string | undefined) => (name ? `Hola, ${name}` : 'Hola'),
    intro: 'Tu espacio para preparar la prueba: lecciones, trivias y tu avance.',
    loading: 'Cargando tu centro de estudio…',
    premiumBadge: 'Premium',
    premiumNote: 'Tienes acceso a todas las lecciones, sin límite.',
    upgradeTitle: 'Pásate a Premium',
    upgradeBody: 'Desbloquea todas las lecciones, más ensayos y tutorías.',
    upgradeCta: 'Ver planes y precios',
    freeLessonsLeft: (n: number) =>
      n > 0
        ? `Te ${n === 1 ? 'queda' : 'quedan'} ${plural(n, 'lección gratis', 'lecciones gratis')} por empezar.`
        : 'Ya usaste tus lecciones gratis.',
    counters: 'Lo que tienes disponible',
    examsAvailable: 'Ensayos disponibles',
    tutoringAvailable: 'Horas de tutoría disponibles',
    lessonsAvailable: 'Lecciones gratis por empezar',
    unlimited: 'Sin límite',
    myTests: 'Tus pruebas',
    course: (course: string) => `Te preparas para la ${course}`,
    targetPoints: (points: number) => `Meta: ${points} puntos`,
    testDate: (label: string) => `Rendición: ${label}`,
    daysLeft: (days: number) =>
      days > 1
        ? `Faltan ${days} días`
        : days === 1
          ? 'Falta 1 día'
          : days === 0
            ? '¡Es hoy!'
            : 'La fecha ya pasó',
    approximateDate: 'fecha aproximada',
    noDate: 'Aún no eliges una fecha de rendición.',
    noOnboarding:
      'Aún no completas tu registro: elige tu prueba, tu meta y tu fecha para ordenar tu estudio.',
    completeOnboarding: 'Completar mi registro',
    resumeTitle: 'Retoma donde quedaste',
    resumeCta: 'Continuar',
    resumeIn: (subject: string) => `En ${subject}`,
    subjectsTitle: 'Asignaturas',
    subjectsEmpty: 'Aún no hay asignaturas para tu curso.',
    subjectsError: 'No pudimos cargar las asignaturas.',
    retry: 'Reintentar',
    lessons: (n: number) => plural(n, 'lección', 'lecciones'),
    forYourTests: 'Para tus pruebas',
    progressLabel: (title: string) => `Avance en ${title}`,
    seeDetail: 'Ver detalle',
    seeDetailOf: (title: string) => `Ver detalle de ${title}`,
    opening: 'Abriendo la asignatura…',
  },
  subject: {
    pageTitle: 'Asignatura',
    back: 'Volver al centro de estudio',
    loading: 'Cargando la asignatura…',
    notFound: 'No encontramos esa asignatura.',
    error: 'No pudimos cargar la asignatura.',
    retry: 'Reintentar',
    progress: (percent: number) => `${percent}% completado`,
    progressLabel: 'Avance de la asignatura',
    lessonsTitle: 'Lecciones',
    lessonNumber: (n: number) => `Lección ${n}`,
    continue: 'Continuar donde quedaste',
    start: 'Empezar',
    study: 'Estudiar',
    review: 'Repasar',
    states: {
      complete: 'Completa',
      inProgress: 'En curso',
      available: 'Disponible',
      locked: 'Premium',
    },
    submoduleState: {
      complete: 'completado',
      current: 'actual',
      pending: 'pendiente',
      locked: 'bloqueado',
    },
    lockedNote: 'Disponible con Premium. Aquí ves lo que cubre.',
    allowanceFree: (n: number) =>
      n > 0
        ? `Plan gratis: puedes empezar ${plural(n, 'lección más', 'lecciones más')}. Cada lección que empiezas usa una.`
        : 'Plan gratis: ya empezaste tus 3 lecciones gratis. Puedes terminar las que tienes en curso.',
    allowancePremium: 'Premium: todas las lecciones abiertas.',
    upgradeCta: 'Desbloquear con Premium',
  },
  player: {
    backToSubject: 'Volver a la asignatura',
    position: (lesson: number, submodule: number, total: number) =>
      `Lección ${lesson} · Submódulo ${submodule} de ${total}`,
    studyHeading: 'Material de estudio',
    startTrivia: 'Ir a la trivia',
    triviaHeading: 'Trivia',
    question: (n: number, total: number) => `Pregunta ${n} de ${total}`,
    triviaProgress: 'Avance de la trivia',
    triviaProgressValue: (percent: number) => `${percent}% respondido`,
    alternatives: 'Alternativas',
    confirm: 'Confirmar respuesta',
    chooseFirst: 'Elige una alternativa para confirmar.',
    correct: '¡Correcto!',
    wrong: (key: string) => `Incorrecto. La respuesta correcta es la ${key}.`,
    explanation: 'Explicación',
    keyMark: '✓ Correcta',
    wrongMark: '✗ Tu respuesta',
    next: 'Siguiente pregunta',
    seeSummary: 'Ver resumen',
    reset: 'Reiniciar trivia',
    summaryHeading: 'Resumen',
    summary: (correct: number, total: number) => `Respondiste bien ${correct} de ${total} preguntas.`,
    summaryGreat: '¡Muy bien! Dominas este submódulo.',
    summaryKeepGoing: 'Repasa el material y vuelve a intentarlo cuando quieras.',
    submoduleDone: 'Submódulo completado.',
    nextSubmodule: 'Siguiente submódulo',
    retryTrivia: 'Repetir la trivia',
    noTrivia: 'Este submódulo no tiene trivia.',
    lockedTitle: 'Esta lección es parte de Premium',
    lockedBody: 'Con el plan gratis puedes empezar 3 lecciones. Con Premium estudias todas, sin límite.',
    blockedTitle: 'Llegaste al límite del plan gratis',
    blockedNoLessons:
      'Ya empezaste tus 3 lecciones gratis, así que no puedes abrir una lección nueva. Puedes terminar las lecciones que tienes en curso o pasarte a Premium para seguir sin límite.',
    blockedFullyOpened:
      'Ya abriste 3 lecciones de esta asignatura, que es lo que incluye el plan gratis. Pásate a Premium para seguir con la siguiente lección.',
    blockedLocked:
      'La siguiente lección no está entre las que cubre tu plan gratis. Puedes elegir otra lección disponible en la asignatura o pasarte a Premium.',
    upgradeCta: 'Ver planes Premium',
  },
  image: (id: string) => `Alternativa ${id}`,
} as const;
