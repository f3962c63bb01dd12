/**
 * The legal texts of the public site, written for a Chilean service: the terms of use (Ley 19.496
 * on consumer rights) and the privacy notice (Ley 19.628 as amended by Ley 21.719). Links inside
 * a paragraph are written `[text](/path)` and always point inside the site.
 */
import { FREE_TIER } from '@core/domain/constants';

/** `controller`: where the page shows the controller's identity, read from /config.json. */
export type LegalBlock = { paragraph: string } | { list: string[] } | { controller: true };

export interface LegalSection {
  id: string;
  title: string;
  blocks: LegalBlock[];
}

export interface LegalDocument {
  title: string;
  description: string;
  updated: string;
  intro: string[];
  sections: LegalSection[];
}

const p = (paragraph: string): LegalBlock => ({ paragraph });
const list = (...items: string[]): LegalBlock => ({ list: items });
const controllerIdentity: LegalBlock = { controller: true };

export const legalText = {
  contentsLabel: 'Contenido',
  backToTop: 'Volver al inicio de la página',
  /** The controller's identity (responsable del tratamiento), from /config.json. */
  controller: {
    name: 'Nombre o razón social',
    rut: 'RUT',
    address: 'Domicilio',
    email: 'Correo de contacto',
    fieldPending: 'Pendiente de publicación',
    pending:
      'Los datos de identificación del responsable (nombre o razón social, RUT, domicilio y correo de contacto) todavía no están publicados en este sitio: están pendientes y los agregaremos aquí. Mientras tanto, puedes escribirnos desde el [formulario de contacto](/contacto).',
  },
};

export const privacyNotice: LegalDocument = {
  title: 'Aviso de privacidad',
  description:
    'Qué datos personales trata Preu PAES, para qué, con quién los comparte, cuánto tiempo los guarda y cómo ejercer tus derechos según la Ley 19.628 y la Ley 21.719.',
  updated: 'Última actualización: 25 de noviembre de 2026',
  intro: [
    'En Preu PAES cuidamos los datos personales de quienes usan nuestra plataforma de preparación para la PAES. Este aviso explica qué datos tratamos, para qué, con quién los compartimos, cuánto tiempo los guardamos y cómo puedes ejercer tus derechos.',
    'Lo redactamos conforme a la Ley N° 19.628 sobre protección de la vida privada y a las modificaciones que le introdujo la Ley N° 21.719, que regula la protección y el tratamiento de los datos personales y crea la Agencia de Protección de Datos Personales.',
  ],
  sections: [
    {
      id: 'responsable',
      title: '1. Quién es responsable de tus datos',
      blocks: [
        p(
          'El responsable del tratamiento de tus datos personales, es decir, quien decide para qué y cómo se usan, es el titular de Preu PAES:',
        ),
        controllerIdentity,
        p(
          'Para cualquier consulta sobre tus datos personales puedes escribir al correo de contacto del responsable o usar el [formulario de contacto](/contacto), eligiendo el motivo «Privacidad y datos personales».',
        ),
      ],
    },
    {
      id: 'datos',
      title: '2. Qué datos tratamos',
      blocks: [
        list(
          'Datos de registro: nombre, apellido, correo electrónico y número de celular. Tu contraseña la administra nuestro proveedor de autenticación (Amazon Cognito) de forma cifrada; nosotros nunca la vemos ni la guardamos.',
          'Datos de tu preparación: la prueba que rendirás (PAES o PDT), tu modalidad de enseñanza media, las pruebas que preparas, la fecha en que piensas rendir y tu puntaje meta.',
          'Datos de uso de la plataforma: tu avance en clases y ejercicios, las respuestas y los resultados de tus ensayos, tus promedios y la última clase que viste.',
          'Datos de tutorías: los horarios que propones y las dudas que escribes al pedir una tutoría.',
          'Datos de pago: si contratas Premium, los identificadores de cliente y de suscripción que nos entrega Stripe y el estado de tu plan. Los datos de tu tarjeta los recibe y guarda Stripe directamente; nosotros no tenemos acceso a ellos.',
          'Mensajes: lo que nos escribes en el formulario de contacto o en el chat de soporte.',
          'Datos técnicos: dirección IP, tipo de navegador y de dispositivo, páginas visitadas y registros técnicos de las solicitudes, necesarios para operar y proteger el servicio.',
        ),
        p(
          'No te pedimos datos sensibles, como los relativos a tu salud, tu origen étnico o tus creencias. Te pedimos no incluirlos en tus mensajes ni en tus dudas de tutoría.',
        ),
      ],
    },
    {
      id: 'finalidades',
      title: '3. Para qué usamos tus datos y con qué fundamento',
      blocks: [
        list(
          'Crear y administrar tu cuenta, verificar tu correo y permitirte iniciar sesión y recuperar tu contraseña. Fundamento: la ejecución del contrato que aceptas al registrarte (los [términos y condiciones](/legal/terminos-y-condiciones)).',
          'Prestarte el servicio: mostrarte clases, ejercicios y ensayos, calcular tus resultados y promedios, guardar tu avance y adaptar tu centro de estudio a la prueba, la fecha y la meta que elegiste. Fundamento: la ejecución del contrato.',
          'Gestionar tus tutorías y responder tus consultas de soporte. Fundamento: la ejecución del contrato.',
          'Cobrar y administrar tu suscripción Premium. Fundamento: la ejecución del contrato y el cumplimiento de obligaciones legales, como las tributarias.',
          'Enviarte comunicaciones sobre tu cuenta y el servicio, como códigos de verificación y avisos de cambios importantes. Fundamento: la ejecución del contrato.',
          'Enviarte novedades, contenidos de estudio e información sobre los planes de Preu PAES. Fundamento: tu consentimiento, que puedes retirar en cualquier momento con el enlace de baja de cada correo o escribiéndonos.',
          'Medir cómo se usa la plataforma (páginas visitadas, registros y uso de funciones) para mejorarla. Fundamento: tu consentimiento, que das o niegas en el aviso de cookies y puedes cambiar cuando quieras en «Preferencias de cookies», al pie de cada página. A las herramientas de medición no les enviamos tu nombre, tu correo ni tu teléfono.',
          'Proteger la plataforma, prevenir fraudes y abusos y resolver incidentes técnicos. Fundamento: nuestro interés legítimo en mantener un servicio seguro.',
          'Cumplir obligaciones legales y responder requerimientos de autoridades competentes. Fundamento: la ley.',
        ),
        p(
          'No tomamos decisiones basadas únicamente en tratamientos automatizados que produzcan efectos jurídicos en ti o te afecten significativamente. El puntaje de un ensayo se calcula de forma automática, pero es solo una referencia para tu estudio.',
        ),
      ],
    },
    {
      id: 'encargados',
      title: '4. Con quién compartimos tus datos',
      blocks: [
        p(
          'No vendemos ni arrendamos tus datos. Para operar la plataforma trabajamos con proveedores que tratan datos por encargo nuestro, solo para los fines de este aviso y con obligaciones de confidencialidad y seguridad:',
        ),
        list(
          'Amazon Web Services (AWS): alojamiento de la plataforma y de la base de datos, autenticación de las cuentas (Amazon Cognito) y envío de los correos con códigos de verificación y recuperación.',
          'Stripe: procesamiento de los pagos y administración de las suscripciones Premium.',
          'HubSpot: gestión de la relación con los estudiantes (CRM), formularios de registro y de contacto, chat de soporte, avisos de tutorías y correos informativos.',
          'Google (Google Analytics): medición estadística del uso del sitio, solo si la aceptas.',
        ),
        p('También comunicamos datos a autoridades cuando una ley o una orden judicial lo exige.'),
      ],
    },
    {
      id: 'transferencias',
      title: '5. Transferencias internacionales',
      blocks: [
        p(
          'Estos proveedores almacenan o procesan datos en servidores ubicados fuera de Chile, principalmente en Estados Unidos. Solo trabajamos con proveedores que ofrecen garantías adecuadas de protección, como cláusulas contractuales de protección de datos, según lo que exige la ley para las transferencias internacionales.',
        ),
      ],
    },
    {
      id: 'cookies',
      title: '6. Cookies y almacenamiento en tu navegador',
      blocks: [
        p(
          'Usamos el almacenamiento local de tu navegador para mantener tu sesión iniciada, recordar tus preferencias de preparación y el estado de tu plan, y guardar tu elección sobre las cookies de medición. Sin él la plataforma no funciona.',
        ),
        p(
          'En la página de inicio y en Planes y precios cargamos el chat de soporte de HubSpot, que usa cookies para mantener la conversación y reconocer tus visitas.',
        ),
        p(
          'Google Analytics usa cookies para contar las visitas de forma estadística, y solo lo activamos si lo aceptas en el aviso de cookies: mientras no aceptes, no cargamos su código ni enviamos ninguna medición. «Rechazar» está igual de a mano que «Aceptar» y no te quita ninguna función. Puedes cambiar tu elección cuando quieras en «Preferencias de cookies», al pie de cada página; si retiras tu aceptación, dejamos de medir y borramos de tu navegador las cookies de Google Analytics.',
        ),
        p(
          'Puedes borrar o bloquear las cookies desde la configuración de tu navegador. Si bloqueas las del chat, este no estará disponible.',
        ),
      ],
    },
    {
      id: 'conservacion',
      title: '7. Cuánto tiempo guardamos tus datos',
      blocks: [
        list(
          'Los datos de tu cuenta y de tu preparación, mientras tu cuenta esté activa.',
          'Cuando eliminas tu cuenta desde [Mi cuenta](/centro-estudio/cuenta), borramos de inmediato tus datos de nuestra base de datos, con la única excepción que se explica más abajo, y eliminamos tu contacto en HubSpot y tu ficha de cliente en Stripe. Las copias de respaldo de la base de datos se descartan en un plazo máximo de 35 días.',
          'Los registros técnicos, hasta 6 meses.',
          'Los antecedentes de los pagos, por el plazo que exige la legislación tributaria.',
        ),
        p(
          'Lo único que guardamos después de que eliminas tu cuenta son unos contadores de lo que ya usaste del plan gratuito: cuántos ensayos, horas de tutoría y ejercicios de práctica ocupaste. Los guardamos para evitar que el plan gratuito se use de forma abusiva, borrando la cuenta y creándola otra vez para empezar de cero. Esos contadores no van con tu nombre, tu correo ni ningún otro dato tuyo: los asociamos a un código que calculamos a partir de tu correo con una función criptográfica con clave secreta (un hash con clave), del que no se puede volver a obtener tu correo. Si te registras de nuevo con el mismo correo, tu nueva cuenta parte con esos contadores. Los conservamos por un máximo de 12 meses y después los borramos. Fundamento: nuestro interés legítimo en prevenir abusos del plan gratuito.',
        ),
      ],
    },
    {
      id: 'derechos',
      title: '8. Tus derechos',
      blocks: [
        p('Como titular de tus datos tienes derecho a:'),
        list(
          'Acceso: saber si tratamos datos tuyos, cuáles, para qué y con quién los compartimos. Puedes descargar una copia de todos tus datos cuando quieras con «Descargar mis datos», en [Mi cuenta](/centro-estudio/cuenta).',
          'Rectificación: corregir datos inexactos, desactualizados o incompletos. Tu nombre, tu celular y tu preparación los puedes cambiar tú mismo desde [Mi cuenta](/centro-estudio/cuenta).',
          'Supresión: pedir que eliminemos tus datos. Puedes hacerlo directamente con la opción «Eliminar mi cuenta» de Mi cuenta.',
          'Oposición: oponerte a que usemos tus datos para ciertos fines, como las comunicaciones comerciales o la medición estadística (para esta última basta con elegir «Rechazar» en «Preferencias de cookies»).',
          'Portabilidad: recibir una copia de tus datos en un formato estructurado, de uso común y de lectura mecánica (JSON), que es el archivo que te entrega «Descargar mis datos», o pedir que la enviemos a otro responsable cuando sea técnicamente posible.',
          'Bloqueo: pedir la suspensión temporal del tratamiento mientras resolvemos una solicitud de rectificación, supresión u oposición.',
          'Retirar tu consentimiento cuando quieras, sin que esto afecte el tratamiento hecho antes.',
        ),
      ],
    },
    {
      id: 'ejercicio',
      title: '9. Cómo ejercer tus derechos',
      blocks: [
        p(
          'Escríbenos desde el [formulario de contacto](/contacto), eligiendo el motivo «Privacidad y datos personales» y usando el correo de tu cuenta. Podemos pedirte antecedentes adicionales para verificar tu identidad. Ejercer tus derechos es gratuito.',
        ),
        p(
          'Responderemos dentro de 30 días corridos desde que recibamos tu solicitud. Si necesitamos más tiempo, te avisaremos y el plazo podrá extenderse una sola vez por el mismo período.',
        ),
        p(
          'Si no respondemos a tiempo o no estás de acuerdo con nuestra respuesta, puedes reclamar ante la Agencia de Protección de Datos Personales.',
        ),
      ],
    },
    {
      id: 'menores',
      title: '10. Niños, niñas y adolescentes',
      blocks: [
        p(
          'Muchos de nuestros estudiantes son menores de 18 años. Si tienes 14 años o más, puedes crear tu cuenta y autorizar el tratamiento de tus datos como describe este aviso. Si tienes menos de 14 años, necesitas la autorización de tu madre, tu padre o tu representante legal. Tratamos los datos de niños, niñas y adolescentes con especial cuidado y atendiendo siempre a su interés superior.',
        ),
      ],
    },
    {
      id: 'seguridad',
      title: '11. Seguridad',
      blocks: [
        p(
          'Protegemos tus datos con medidas técnicas y organizativas: las comunicaciones viajan cifradas (HTTPS), los datos se guardan cifrados, el acceso está limitado a lo estrictamente necesario y cada componente de la plataforma tiene solo los permisos que necesita.',
        ),
        p(
          'Si ocurriera una vulneración de seguridad que afecte tus datos, la informaremos a la Agencia de Protección de Datos Personales y, cuando corresponda, también a ti, como exige la ley.',
        ),
      ],
    },
    {
      id: 'cambios',
      title: '12. Cambios a este aviso',
      blocks: [
        p(
          'Podemos actualizar este aviso cuando cambien nuestros tratamientos o la ley. Publicaremos la nueva versión en esta página con su fecha y, si los cambios son relevantes, te avisaremos por correo antes de que se apliquen.',
        ),
      ],
    },
  ],
};

export const termsOfService: LegalDocument = {
  title: 'Términos y condiciones',
  description:
    'Las condiciones de uso de Preu PAES: el servicio, tu cuenta, el plan gratuito, el plan Premium y sus pagos, el derecho de retracto, las tutorías y tus derechos como consumidor.',
  updated: 'Última actualización: 25 de noviembre de 2026',
  intro: [
    'Estos términos regulan el uso de Preu PAES, la plataforma online de preparación para la PAES disponible en este sitio. Al crear tu cuenta aceptas estos términos y declaras haber leído nuestro [aviso de privacidad](/legal/aviso-de-privacidad). Si no estás de acuerdo con ellos, no uses la plataforma.',
  ],
  sections: [
    {
      id: 'servicio',
      title: '1. El servicio',
      blocks: [
        p(
          'Preu PAES ofrece clases por asignatura con ejercicios, ensayos cronometrados, tutorías y un centro de estudio con tu avance, para preparar la Prueba de Acceso a la Educación Superior (PAES) y repasar con el formato de la antigua Prueba de Transición (PDT).',
        ),
        p(
          'Preu PAES es una plataforma independiente: no está afiliada al Departamento de Evaluación, Medición y Registro Educacional (DEMRE), a la Universidad de Chile ni al Ministerio de Educación. Los ensayos siguen el formato publicado de cada prueba y sus puntajes son una referencia para tu estudio, no un resultado oficial ni una predicción de tu puntaje en la PAES.',
        ),
        p('Las fechas de rendición que mostramos son estimadas. El calendario oficial lo publica el DEMRE.'),
        p(
          'Cuidamos que el contenido sea correcto y esté actualizado, pero no garantizamos un puntaje ni la admisión a una carrera: tu resultado depende de tu preparación y de factores que no controlamos.',
        ),
      ],
    },
    {
      id: 'cuenta',
      title: '2. Tu cuenta',
      blocks: [
        list(
          'Para usar la plataforma necesitas una cuenta personal, con datos verdaderos y un correo que puedas verificar. La cuenta es individual: no la compartas.',
          'Cuida tu contraseña. Si crees que alguien más entró a tu cuenta, cámbiala y avísanos desde el [formulario de contacto](/contacto).',
          'Si tienes menos de 14 años, necesitas la autorización de tu madre, tu padre o tu representante legal para crear tu cuenta. Para contratar un plan pagado debes ser mayor de edad o contar con esa autorización.',
        ),
      ],
    },
    {
      id: 'gratuito',
      title: '3. Plan gratuito',
      blocks: [
        p(
          `El plan gratuito no tiene costo ni pide medio de pago. Incluye ${FREE_TIER.lessons} clases, ${FREE_TIER.quizzes} quizzes, ${FREE_TIER.exams} ensayo cronometrado, tu centro de estudio y las tutorías descritas en la sección 6. Los límites vigentes de cada plan se muestran en [Planes y precios](/planes-y-precios).`,
        ),
      ],
    },
    {
      id: 'premium',
      title: '4. Plan Premium y pagos',
      blocks: [
        list(
          'El plan Premium quita el límite de clases y se contrata por un mes o por un año. Antes de pagar ves en [Planes y precios](/planes-y-precios) el precio total en pesos chilenos.',
          'Los pagos se hacen con tarjeta a través de Stripe, nuestro procesador de pagos. Nosotros no recibimos ni guardamos los datos de tu tarjeta.',
          'La suscripción se renueva automáticamente al final de cada período, por el mismo plazo, salvo que la canceles antes. Si el precio cambia, te avisaremos antes de que el nuevo precio se aplique a tu renovación.',
          'Puedes cancelar la renovación cuando quieras desde la administración de tu suscripción. Conservas Premium hasta el final del período ya pagado y no se hacen cobros posteriores.',
          'Si un cobro de renovación falla, Stripe lo reintenta durante algunos días. Si no se logra, tu cuenta vuelve al plan gratuito sin perder tu avance.',
        ),
      ],
    },
    {
      id: 'retracto',
      title: '5. Derecho de retracto',
      blocks: [
        p(
          'Conforme al artículo 3 bis letra b) de la Ley N° 19.496 sobre protección de los derechos de los consumidores, puedes retractarte de la contratación de Premium dentro de los 10 días siguientes a la contratación, escribiéndonos desde el [formulario de contacto](/contacto). Te devolveremos el monto pagado, a la misma tarjeta y sin retener gastos, a la brevedad y, en cualquier caso, dentro de los 45 días siguientes a tu solicitud.',
        ),
      ],
    },
    {
      id: 'tutorias',
      title: '6. Tutorías',
      blocks: [
        list(
          `Cada estudiante puede pedir hasta ${FREE_TIER.tutoringHoursPerMonth} hora de tutoría al mes y ${FREE_TIER.tutoringHoursPerYear} al año calendario, proponiendo hasta tres horarios y contando sus dudas. Coordinamos la tutoría contigo por correo.`,
          'Puedes cancelar una solicitud desde la plataforma mientras la tutoría no se haya realizado; al cancelarla recuperas la hora.',
          'Durante la tutoría trata con respeto al tutor. Podemos dejar de agendar tutorías a quien no lo haga.',
        ),
      ],
    },
    {
      id: 'uso',
      title: '7. Uso aceptable',
      blocks: [
        list(
          'No compartas tu cuenta ni vendas o cedas el acceso a otras personas.',
          'No copies, descargues masivamente, publiques ni distribuyas las clases, preguntas, ensayos o explicaciones.',
          'No intentes acceder a datos de otras personas, vulnerar la seguridad de la plataforma ni sobrecargarla con solicitudes automatizadas.',
          'No uses el chat, el formulario de contacto ni las tutorías para enviar contenido ofensivo, publicidad o spam.',
        ),
      ],
    },
    {
      id: 'propiedad',
      title: '8. Propiedad intelectual',
      blocks: [
        p(
          'Las clases, preguntas, ensayos, explicaciones, imágenes y el software de Preu PAES están protegidos por la Ley N° 17.336 sobre propiedad intelectual y pertenecen a Preu PAES o a sus licenciantes. Te damos una licencia personal, no exclusiva e intransferible para usarlos con fines de estudio mientras tu cuenta esté activa.',
        ),
      ],
    },
    {
      id: 'disponibilidad',
      title: '9. Disponibilidad y cambios del servicio',
      blocks: [
        p(
          'Trabajamos para que la plataforma esté siempre disponible, pero puede haber interrupciones por mantenciones o por fallas de terceros. Podemos agregar, cambiar o retirar contenidos y funciones para mejorar el servicio. Si un cambio reduce de forma importante lo que incluye tu plan pagado, te avisaremos y podrás terminar tu suscripción con la devolución de la parte no usada.',
        ),
      ],
    },
    {
      id: 'responsabilidad',
      title: '10. Responsabilidad',
      blocks: [
        p(
          'Respondemos por la correcta prestación del servicio conforme a la ley. No respondemos por daños que se deban a un uso de la plataforma contrario a estos términos, a fallas de tu conexión o de tu dispositivo, o a hechos de terceros que no podamos controlar. Nada en estos términos limita los derechos que te da la Ley N° 19.496.',
        ),
      ],
    },
    {
      id: 'termino',
      title: '11. Término de la cuenta',
      blocks: [
        p(
          'Puedes eliminar tu cuenta cuando quieras desde [Mi cuenta](/centro-estudio/cuenta). Al hacerlo borramos tus datos como explica el aviso de privacidad y, si tienes Premium, tu suscripción se cancela sin nuevos cobros.',
        ),
        p(
          'Podemos suspender o cerrar una cuenta que infrinja gravemente estos términos, informándote el motivo. Si tenías un plan pagado y el cierre no se debe a una infracción tuya, te devolveremos la parte no usada.',
        ),
      ],
    },
    {
      id: 'datos-personales',
      title: '12. Datos personales',
      blocks: [p('Tratamos tus datos según nuestro [aviso de privacidad](/legal/aviso-de-privacidad).')],
    },
    {
      id: 'cambios',
      title: '13. Cambios a estos términos',
      blocks: [
        p(
          'Podemos modificar estos términos. Publicaremos la nueva versión en esta página y, si los cambios son relevantes, te avisaremos por correo con al menos 15 días de anticipación. Si no estás de acuerdo, puedes dejar de usar la plataforma y eliminar tu cuenta.',
        ),
      ],
    },
    {
      id: 'ley',
      title: '14. Ley aplicable y reclamos',
      blocks: [
        p(
          'Estos términos se rigen por las leyes de la República de Chile. Si tienes un problema, escríbenos primero desde el [formulario de contacto](/contacto) para resolverlo. También puedes acudir al Servicio Nacional del Consumidor (SERNAC) o al juzgado de policía local competente, según la Ley N° 19.496.',
        ),
      ],
    },
    {
      id: 'contacto',
      title: '15. Quién presta el servicio y contacto',
      blocks: [
        p('Preu PAES es un servicio de:'),
        controllerIdentity,
        p(
          'Para cualquier consulta sobre estos términos, escríbenos desde el [formulario de contacto](/contacto).',
        ),
      ],
    },
  ],
};
