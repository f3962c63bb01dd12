/** Strings of the practice exams (ensayos): choosing, taking, results, review and history. */

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** `1 h 05 min`, `45 min`, `0 min` (whole minutes, rounded down). */
export function formatMinutes(totalMinutes: number): string {
  const hours = Math.floor(totalMinutes / 60);
  const minutes = Math.floor(totalMinutes % 60);
  if (hours === 0) return `${minutes} min`;
  return `${hours} h ${String(minutes).padStart(2, '0')} min`;
}

/** `1:05:09` or `5:09` for the countdown. */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const mm = hours > 0 ? String(minutes).padStart(2, '0') : String(minutes);
  return `${hours > 0 ? `${hours}:` : ''}${mm}:${String(seconds).padStart(2, '0')}`;
}

/** Time left said in words, for the screen reader announcement. */
export function spokenTime(ms: number): string {
  const minutes = Math.max(0, Math.ceil(ms / 60_000));
  if (minutes >= 60) {
    const hours = Math.floor(minutes / 60);
    const rest = minutes % 60;
    return rest === 0
      ? plural(hours, 'hora', 'horas')
      : `${plural(hours, 'hora', 'horas')} y ${plural(rest, 'minuto', 'minutos')}`;
  }
  return plural(minutes, 'minuto', 'minutos');
}

export const formatDateTime = (iso: string) =>
  new Intl.DateTimeFormat('es-CL', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'America/Santiago',
  }).format(new Date(iso));

/** `21 nov 2026, 23:33` (Chile time): short enough for a table cell on a phone. */
export const formatCompactDateTime = (iso: string) =>
  new Intl.DateTimeFormat('es-CL', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'America/Santiago',
  }).format(new Date(iso));

export const formatShortDate = (iso: string) =>
  new Intl.DateTimeFormat('es-CL', { day: 'numeric', month: 'short', timeZone: 'America/Santiago' }).format(
    new Date(iso),
  );

export const examText = {
  nav: 'Ensayos',
  meta: {
    list: 'Ensayos',
    intro: 'Comenzar ensayo',
    take: 'Ensayo en curso',
    result: 'Resultado del ensayo',
    review: 'Revisión del ensayo',
    history: 'Historial de ensayos',
  },
  common: {
    questions: (n: number) => plural(n, 'pregunta', 'preguntas'),
    duration: (minutes: number) => formatMinutes(minutes),
    examsAvailable: (n: number) =>
      n === 0
        ? 'No te quedan ensayos disponibles'
        : `Te ${n === 1 ? 'queda' : 'quedan'} ${plural(n, 'ensayo disponible', 'ensayos disponibles')}`,
    unlimited: 'Plan premium: ensayos ilimitados',
    loading: 'Cargando…',
    loadFailed: 'No pudimos cargar esta información.',
    retry: 'Reintentar',
    backToList: 'Volver a ensayos',
    history: 'Ver historial',
    premiumCta: 'Ver planes premium',
    estimated: 'estimado',
  },
  list: {
    title: 'Ensayos',
    intro:
      'Rinde un ensayo con la cantidad de preguntas y el tiempo de la prueba real. Al terminar verás tu puntaje estimado y podrás revisar cada pregunta.',
    yourTests: 'Tus pruebas',
    otherTests: 'Otras pruebas',
    noTests: 'No hay pruebas disponibles para ensayar.',
    choose: 'Elegir',
    resume: 'Continuar ensayo',
    running: 'En curso',
    noExamsTitle: 'No te quedan ensayos',
    noExamsBody: 'Con el plan premium puedes rendir todos los ensayos que quieras, de todas tus pruebas.',
  },
  intro: {
    facts: 'Detalles de la prueba',
    questions: 'Preguntas',
    duration: 'Tiempo',
    available: 'Ensayos disponibles',
    unlimited: 'Ilimitados (premium)',
    warningTitle: 'Antes de comenzar',
    warning: (n: number | null) =>
      n === null
        ? 'El tiempo corre desde que comienzas, aunque cierres la página. Tus respuestas se guardan en este navegador a medida que avanzas.'
        : `Al comenzar se usa 1 de tus ${plural(n, 'ensayo disponible', 'ensayos disponibles')}. Si cancelas el ensayo, no se devuelve. El tiempo corre desde que comienzas, aunque cierres la página; tus respuestas se guardan en este navegador a medida que avanzas.`,
    autoSubmit: 'Cuando el tiempo llegue a cero, el ensayo se enviará solo con las respuestas que tengas.',
    start: 'Comenzar ensayo',
    starting: 'Preparando tu ensayo…',
    resume: 'Continuar ensayo en curso',
    unknown: 'No encontramos esa prueba entre tus ensayos.',
  },
  take: {
    timerLabel: 'Tiempo restante',
    timeLeft: (spoken: string) => `Quedan ${spoken}.`,
    timeUp: 'Se acabó el tiempo. Enviando tus respuestas…',
    question: (n: number, total: number) => `Pregunta ${n} de ${total}`,
    passage: 'Texto',
    passageOf: (title: string) => `Texto: ${title}`,
    showPassage: 'Mostrar texto',
    alternatives: 'Alternativas',
    flag: 'Marcar para revisar',
    flagged: 'Marcada para revisar',
    clear: 'Borrar respuesta',
    previous: 'Anterior',
    next: 'Siguiente',
    map: 'Mapa de preguntas',
    mapSummary: (answered: number, total: number) => `Mapa de preguntas (${answered}/${total})`,
    mapItem: (n: number, answered: boolean, flagged: boolean, current: boolean) =>
      [
        `Pregunta ${n}`,
        answered ? 'respondida' : 'sin responder',
        flagged ? 'marcada' : null,
        current ? 'actual' : null,
      ]
        .filter(Boolean)
        .join(', '),
    counts: (answered: number, total: number) => `${answered} de ${total} respondidas`,
    unanswered: (n: number) => plural(n, 'sin responder', 'sin responder'),
    flaggedCount: (n: number) => plural(n, 'marcada', 'marcadas'),
    legendAnswered: 'Respondida',
    legendUnanswered: 'Sin responder',
    legendFlagged: 'Marcada',
    finish: 'Terminar ensayo',
    finishing: 'Enviando…',
    cancel: 'Cancelar ensayo',
    confirmFinishTitle: '¿Terminar el ensayo?',
    confirmFinishBody: (unanswered: number) =>
      unanswered === 0
        ? 'Respondiste todas las preguntas. Al terminar verás tu resultado.'
        : `Te ${unanswered === 1 ? 'queda' : 'quedan'} ${plural(unanswered, 'pregunta', 'preguntas')} sin responder. Las preguntas sin responder cuentan como omitidas.`,
    confirmFinish: 'Sí, terminar',
    keepGoing: 'Seguir respondiendo',
    confirmCancelTitle: '¿Cancelar el ensayo?',
    confirmCancelBody:
      'Se borrarán tus respuestas y el ensayo usado no se devuelve. Esta acción no se puede deshacer.',
    confirmCancel: 'Sí, cancelar',
    noRunning: 'No tienes un ensayo en curso de esta prueba.',
    noExams: 'No te quedan ensayos disponibles. Con el plan premium puedes rendir todos los que quieras.',
    deadlinePassed:
      'El tiempo de este ensayo terminó antes de que pudiéramos enviarlo, así que no se registró.',
    closed: 'Este ensayo fue cancelado o ya expiró.',
    submitFailed:
      'No pudimos enviar tus respuestas. Revisa tu conexión: siguen guardadas en este navegador y puedes intentarlo de nuevo.',
    retrySubmit: 'Intentar enviar de nuevo',
    startFailed: 'No pudimos comenzar el ensayo. Inténtalo de nuevo en unos minutos.',
    cancelled: 'Cancelaste el ensayo.',
    incomplete: (delivered: number, requested: number) =>
      `Este ensayo tiene ${delivered} de las ${requested} preguntas de la prueba: el banco aún no alcanza para una forma completa.`,
  },
  result: {
    title: 'Resultado del ensayo',
    score: 'Puntaje estimado',
    scoreNote:
      'Estimación propia a partir de tablas de conversión publicadas de la PAES; no es un puntaje oficial del DEMRE.',
    scale: (min: number, max: number) => `escala ${min}–${max}`,
    correct: 'Correctas',
    wrong: 'Incorrectas',
    omitted: 'Omitidas',
    correctShort: 'Bien',
    wrongShort: 'Mal',
    omittedShort: 'Omit.',
    time: 'Tiempo usado',
    timeOf: (total: string) => `Tiempo usado de ${total}`,
    target: 'Tu meta',
    noTarget: 'Aún no defines un puntaje meta.',
    aboveTarget: (points: number) => `Superaste tu meta por ${plural(points, 'punto', 'puntos')}.`,
    onTarget: '¡Alcanzaste justo tu meta!',
    belowTarget: (points: number) =>
      `Te ${points === 1 ? 'falta' : 'faltan'} ${plural(points, 'punto', 'puntos')} para tu meta.`,
    breakdown: 'Resultado por eje temático',
    eje: 'Eje temático',
    ofTotal: (correct: number, total: number) => `${correct} de ${total}`,
    review: 'Revisar respuestas',
    notFound: 'No encontramos ese resultado.',
  },
  review: {
    title: 'Revisión',
    yourAnswer: 'Tu respuesta',
    noAnswer: 'Sin responder',
    key: 'Respuesta correcta',
    explanation: 'Explicación',
    whyNot: 'Por qué no es correcta',
    isCorrect: 'Correcta',
    isWrong: 'Incorrecta',
    isOmitted: 'Omitida',
    mapItem: (n: number, state: 'correct' | 'wrong' | 'omitted', current: boolean) =>
      `Pregunta ${n}, ${{ correct: 'correcta', wrong: 'incorrecta', omitted: 'omitida' }[state]}${current ? ', actual' : ''}`,
    backToResult: 'Volver al resultado',
  },
  history: {
    title: 'Historial de ensayos',
    intro: 'Tus ensayos enviados, del más reciente al más antiguo. En la PAES cuenta tu mejor puntaje.',
    empty: 'Todavía no has enviado ningún ensayo.',
    start: 'Rendir un ensayo',
    best: 'Mejor puntaje',
    bestTag: 'Mejor',
    average: 'Promedio',
    count: (n: number) => plural(n, 'ensayo', 'ensayos'),
    chartTitle: (test: string) => `Puntajes estimados de ${test} en el tiempo`,
    chartDescription: (count: number, best: number | null, target: number | null) =>
      `${plural(count, 'ensayo', 'ensayos')}; mejor puntaje ${best ?? '—'}${target ? `; meta ${target}` : ''}.`,
    targetLine: (target: number) => `Meta ${target}`,
    showTable: 'Ver los datos como tabla',
    date: 'Fecha',
    score: 'Puntaje estimado',
    points: 'Correctas',
    actions: 'Acciones',
    review: 'Revisar',
    reviewOf: (test: string, date: string) => `Revisar el ensayo de ${test} del ${date}`,
    attempts: 'Ensayos enviados',
  },
} as const;
