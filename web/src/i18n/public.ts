/** Strings of the public site: home, landing pages and the contact page. */
import { FREE_TIER, PREMIUM_PRICES_CLP } from '@core/domain/constants';

// One formatter: each construction loads locale data again, and this module runs on every first page.
const pesos = new Intl.NumberFormat('es-CL', {
  style: 'currency',
  currency: 'CLP',
  maximumFractionDigits: 0,
});
const clp = (amount: number) => pesos.format(amount);

const yearlyPerMonth = Math.round(PREMIUM_PRICES_CLP.yearly.amount / PREMIUM_PRICES_CLP.yearly.months);

const duration = (minutes: number) => {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
};

export const publicText = {
  testDetails: (questions: number, minutes: number) => `${questions} preguntas · ${duration(minutes)}`,
  nextSitting: (label: string, date: string) => `Próxima rendición: PAES ${label}, aprox. ${date}`,
  daysLeft: (days: number) => (days === 1 ? 'Falta 1 día' : `Faltan ${days} días`),
  haveAccount: '¿Ya tienes cuenta?',
  signIn: 'Inicia sesión',
  goToStudyCenter: 'Ir a mi centro de estudio',

  home: {
    meta: {
      title: 'Preu PAES',
      description:
        'Prepárate para la PAES online: clases cortas con ejercicios, ensayos cronometrados con el formato de cada prueba y tutorías. Crea tu cuenta gratis.',
    },
    hero: {
      eyebrow: 'Preparación PAES online',
      title: 'Prepárate para la PAES a tu ritmo, desde donde estés',
      lead: 'Clases cortas con ejercicios, ensayos cronometrados con la cantidad de preguntas y el tiempo de cada prueba, y tutorías para resolver tus dudas. Empieza gratis, sin tarjeta.',
      primary: 'Crear mi cuenta gratis',
      secondary: 'Ver planes y precios',
      essay: 'Rinde un ensayo gratis',
    },
    featuresTitle: 'Todo lo que necesitas para llegar preparado',
    features: [
      {
        title: 'Clases con ejercicios',
        body: 'Cada asignatura está dividida en clases cortas: lees la explicación con ejemplos resueltos y practicas al tiro con preguntas que te muestran la respuesta correcta y por qué.',
      },
      {
        title: 'Ensayos cronometrados',
        body: 'Rinde ensayos con la cantidad de preguntas y el tiempo de cada prueba. Al terminar ves tu resultado, revisas cada pregunta con su explicación y sigues tu avance en el historial.',
      },
      {
        title: 'Tutorías',
        body: 'Pide una hora con un tutor: propones hasta tres horarios y le cuentas tus dudas. Tienes una hora de tutoría al mes.',
      },
      {
        title: 'Tu centro de estudio',
        body: 'Todo en un solo lugar: tus asignaturas, el avance de cada clase, tus ensayos y tus promedios por prueba.',
      },
    ],
    testsTitle: 'Las pruebas que puedes preparar',
    testsLead:
      'Trabajamos las pruebas de la PAES que se rinden hoy. Competencia Lectora y Competencia Matemática 1 (M1) son obligatorias; además puedes preparar Historia y Ciencias Sociales y Ciencias, con el módulo Técnico Profesional o los electivos de Biología, Física y Química.',
    stepsTitle: 'Cómo funciona',
    steps: [
      {
        title: 'Crea tu cuenta',
        body: 'Solo necesitas tu nombre, tu correo y tu celular. Te enviamos un código para verificar tu correo.',
      },
      {
        title: 'Elige tu prueba y tu meta',
        body: 'Cuéntanos qué pruebas rendirás, cuándo y qué puntaje quieres lograr.',
      },
      {
        title: 'Estudia y mide tu avance',
        body: 'Avanza clase a clase, rinde ensayos y revisa en qué te conviene reforzar.',
      },
    ],
    plansTitle: 'Empieza gratis y sigue con Premium cuando quieras',
    free: {
      title: 'Plan gratuito',
      price: 'Sin costo, sin tarjeta',
      items: [
        `${FREE_TIER.lessons} clases y ${FREE_TIER.quizzes} quizzes para partir`,
        `${FREE_TIER.exams} ensayo cronometrado con revisión`,
        `${FREE_TIER.tutoringHoursPerMonth} hora de tutoría al mes`,
        'Tu centro de estudio con tu progreso',
      ],
      cta: 'Crear cuenta gratis',
    },
    premium: {
      title: 'Premium',
      price: `Desde ${clp(yearlyPerMonth)} al mes en el plan anual`,
      items: [
        'Todas las clases, sin límite',
        `Plan mensual: ${clp(PREMIUM_PRICES_CLP.monthly.amount)}`,
        `Plan anual: ${clp(PREMIUM_PRICES_CLP.yearly.amount)} por ${PREMIUM_PRICES_CLP.yearly.months} meses`,
        'Pago seguro con tarjeta; cancelas cuando quieras',
      ],
      cta: 'Ver planes y precios',
    },
    faqTitle: 'Preguntas frecuentes',
    faq: {
      paes: {
        question: '¿Qué es la PAES?',
        answer:
          'Es la Prueba de Acceso a la Educación Superior, que aplica el DEMRE para postular a las universidades del Sistema de Acceso. Reemplazó a la PDT desde el proceso de admisión 2023. Competencia Lectora y Competencia Matemática 1 (M1) son obligatorias, y además rindes al menos una prueba electiva según lo que pidan las carreras a las que postulas.',
      },
      when: {
        question: '¿Cuándo es la próxima PAES?',
        answer: (label: string, date: string) =>
          `La próxima rendición que tenemos en el calendario es la PAES ${label}, estimada para el ${date}. Nuestras fechas son aproximadas: el calendario oficial lo publica el DEMRE en demre.cl.`,
        noDate: 'El calendario oficial de la próxima rendición lo publica el DEMRE en demre.cl.',
      },
      card: {
        question: '¿Necesito tarjeta para empezar?',
        answer:
          'No. El plan gratuito no pide ningún medio de pago. Solo si decides pasarte a Premium pagas con tarjeta, a través de Stripe.',
      },
      demre: {
        question: '¿Preu PAES es parte del DEMRE?',
        answer:
          'No. Somos una plataforma independiente de preparación. Nuestros ensayos siguen el formato publicado de cada prueba, pero sus puntajes son una referencia para tu estudio, no un resultado oficial.',
      },
      mobile: {
        question: '¿Puedo estudiar desde el celular?',
        answer:
          'Sí. La plataforma funciona en el navegador del celular, del tablet o del computador; no necesitas instalar nada.',
      },
    },
    finalTitle: 'Tu preparación empieza hoy',
    finalLead: 'Crea tu cuenta en un minuto y rinde tu primer ensayo gratis.',
  },

  landings: {
    registro: {
      meta: {
        title: 'Crea tu cuenta gratis',
        description:
          'Regístrate gratis en Preu PAES: clases con ejercicios, un ensayo cronometrado y tu centro de estudio para preparar la PAES. Sin tarjeta.',
      },
      eyebrow: 'Cuenta gratuita',
      title: 'Crea tu cuenta gratis y empieza hoy a preparar la PAES',
      lead: 'Regístrate en un minuto y accede a clases con ejercicios, un ensayo cronometrado y tu centro de estudio. Sin tarjeta de crédito.',
      bulletsTitle: 'Qué incluye tu cuenta gratis',
      bullets: [
        `${FREE_TIER.lessons} clases con ejercicios para partir`,
        `${FREE_TIER.exams} ensayo cronometrado con revisión pregunta a pregunta`,
        `${FREE_TIER.tutoringHoursPerMonth} hora de tutoría al mes para resolver tus dudas`,
        'Tu avance guardado en tu centro de estudio',
      ],
      formTitle: 'Crea tu cuenta',
      submit: 'Crear mi cuenta gratis',
    },
    registroEnsayo: {
      meta: {
        title: 'Rinde un ensayo PAES gratis',
        description:
          'Mide tu nivel con un ensayo PAES cronometrado y gratis: Competencia Lectora, M1, Historia o Ciencias, con resultado y revisión al terminar.',
      },
      eyebrow: 'Ensayo PAES gratis',
      title: 'Rinde un ensayo PAES gratis y descubre desde dónde partes',
      lead: 'Mide tu nivel con un ensayo cronometrado con la cantidad de preguntas y el tiempo de la prueba. Al terminar ves tu resultado y revisas cada respuesta con su explicación.',
      bulletsTitle: 'Cómo es tu ensayo',
      bullets: [
        'Elige la prueba: Competencia Lectora, M1, Historia o Ciencias',
        'Cronómetro con el tiempo de cada prueba',
        'Resultado al terminar y revisión con explicaciones',
        'Tu historial de ensayos y tus promedios en un solo lugar',
      ],
      testsTitle: 'Pruebas disponibles para tu ensayo',
      note: 'Tu primer ensayo es gratis. Los puntajes de nuestros ensayos son una referencia para tu estudio, no un resultado oficial del DEMRE.',
      formTitle: 'Crea tu cuenta y rinde tu ensayo',
      submit: 'Crear cuenta y rendir mi ensayo',
    },
    preparatePaes: {
      meta: {
        title: 'Prepárate para la PAES',
        description:
          'Un plan de preparación PAES por eje temático: clases cortas, ejercicios y ensayos para medir tu avance hasta el día de la prueba.',
      },
      eyebrow: 'Preparación PAES',
      title: 'Prepárate para la PAES con un plan claro',
      lead: 'Organiza tu preparación por eje temático: repasa la materia en clases cortas, practica con ejercicios y mide tu avance con ensayos hasta el día de la prueba.',
      bulletsTitle: 'Qué vas a repasar',
      bullets: [
        'Competencia Matemática: números, álgebra y funciones; geometría, probabilidad y estadística',
        'Competencia Lectora: estrategias de lectura, inferencias y vocabulario en contexto',
        'Historia y Ciencias Sociales: el mundo, América Latina y Chile, y formación ciudadana',
        'Ciencias: Biología, Física y Química, con ejercicios resueltos',
      ],
      planTitle: 'Tu plan en tres pasos',
      plan: [
        { title: 'Diagnostica', body: 'Rinde un ensayo para saber desde dónde partes.' },
        { title: 'Repasa', body: 'Avanza por las clases de los ejes que más te cuestan.' },
        { title: 'Mide', body: 'Vuelve a rendir ensayos y compara tus promedios.' },
      ],
      formTitle: 'Empieza tu preparación',
      submit: 'Crear cuenta y empezar',
    },
  },

  contact: {
    meta: {
      title: 'Contacto',
      description:
        'Escríbenos si tienes dudas sobre Preu PAES, tu cuenta, los planes, las tutorías o tus datos personales.',
    },
    title: 'Contacto',
    lead: 'Escríbenos si tienes dudas sobre la plataforma, tu cuenta, los planes o tus datos personales. Te responderemos por correo.',
    fields: {
      firstname: 'Nombre',
      lastname: 'Apellido',
      email: 'Correo electrónico',
      phone: 'Celular (opcional)',
      phoneHint: 'Un celular chileno: 9 dígitos, por ejemplo 9 1234 5678.',
      topic: 'Motivo',
      topicPlaceholder: 'Elige un motivo',
      message: 'Mensaje',
      messageHint: 'Cuéntanos con el mayor detalle posible en qué te podemos ayudar.',
      website: 'Deja este campo vacío',
    },
    topics: [
      'Dudas sobre la plataforma',
      'Mi cuenta o el acceso',
      'Planes y pagos',
      'Tutorías',
      'Privacidad y datos personales',
      'Colegios y preuniversitarios',
      'Otro',
    ],
    topicLine: (topic: string) => `Motivo: ${topic}`,
    validation: {
      required: 'Este campo es obligatorio.',
      email: 'Ingresa un correo electrónico válido.',
      phone: 'Ingresa un celular chileno de 9 dígitos que empiece con 9, o deja el campo vacío.',
      topic: 'Elige el motivo de tu mensaje.',
      messageShort: 'Cuéntanos un poco más: escribe al menos 10 caracteres.',
      messageLong: 'El mensaje puede tener hasta 4.000 caracteres.',
    },
    privacy: 'Usaremos tus datos solo para responder tu mensaje, como explica nuestro',
    privacyLink: 'aviso de privacidad',
    submit: 'Enviar mensaje',
    sending: 'Enviando…',
    failed: 'No pudimos enviar tu mensaje. Inténtalo de nuevo en unos minutos.',
    sentTitle: '¡Mensaje enviado!',
    sentBody: (name: string, email: string) =>
      `Gracias, ${name}. Recibimos tu mensaje y te responderemos a ${email}.`,
    another: 'Enviar otro mensaje',
    otherHelpTitle: 'Otras formas de ayuda',
    chatHelp:
      'En la [página de inicio](/) y en [Planes y precios](/planes-y-precios) puedes chatear con nuestro equipo de soporte.',
    privacyHelp:
      'Para ejercer tus derechos de acceso, rectificación, supresión, oposición, portabilidad o bloqueo de tus datos, elige el motivo «Privacidad y datos personales».',
    accountHelp:
      'Tu nombre, tu celular y tu preparación los puedes cambiar tú mismo desde [Mi cuenta](/centro-estudio/cuenta).',
  },
};
