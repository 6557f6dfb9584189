import { TEXT_FIELD_LABELS, type TextFieldLabel } from './plain-text.ts';

/**
 * The Spanish of the problems a customer can be told: validation messages of the domain's schemas and
 * the API's `{message}` refusals. Keyed by the English text, which is the API's contract and never
 * changes with the language (decision 054): the server translates an answer for a Spanish-speaking
 * customer, and the browser translates a form's own zod messages, both through `spanishProblem`.
 * Shop-only messages stay English: the shop's screens are English.
 */

const EXACT = new Map<string, string>(
  Object.entries({
    // The signed repair authorisation (decision 071)
    'Please sign in the box with your finger or mouse.':
      'Por favor, firme en el recuadro con el dedo o el ratón.',
    'The signature must be a PNG image (data:image/png;base64,…).':
      'La firma debe ser una imagen PNG (data:image/png;base64,…).',
    'The signature image could not be read. Please sign again.':
      'No se pudo leer la imagen de la firma. Por favor, firme de nuevo.',
    'The signature image is too large. Please sign again.':
      'La imagen de la firma es demasiado grande. Por favor, firme de nuevo.',
    'Please type your full name.': 'Por favor, escriba su nombre completo.',
    'Please enter the most the shop may charge without asking you.':
      'Por favor, escriba lo máximo que el taller puede cobrar sin preguntarle.',
    'The limit must be an amount in dollars above $0, e.g. 1500.00.':
      'El límite debe ser una cantidad en dólares mayor que $0, por ejemplo 1500.00.',
    'A limit amount goes only with the "limit" choice.':
      'Una cantidad límite va solo con la opción "límite".',
    'This estimate is already signed. To sign it again, give the reason for the new authorization.':
      'Este presupuesto ya está firmado. Para firmarlo de nuevo, indique el motivo de la nueva autorización.',
    'The estimate can be signed once it is approved.': 'El presupuesto se puede firmar una vez aprobado.',
    'This estimate is closed and can no longer be signed.':
      'Este presupuesto está cerrado y ya no se puede firmar.',
    'This estimate has not been signed yet.': 'Este presupuesto todavía no se ha firmado.',
    'Choose a written estimate, no estimate, or a limit.':
      'Escoja un presupuesto escrito, ningún presupuesto o un límite.',
    'Say whether you want the replaced parts back.':
      'Indique si quiere que le devuelvan las piezas reemplazadas.',
    'Insurance company is required': 'Escriba la compañía de seguros',
    'Claim number is required': 'Escriba el número de reclamo',
    'Reason must be text': 'El motivo debe ser texto',

    // Signing in, registering, passwords, the language
    'Please enter a valid email address': 'Escriba un correo electrónico válido',
    'Password must be at least 6 characters': 'La contraseña debe tener al menos 6 caracteres',
    'Password must be at least 8 characters': 'La contraseña debe tener al menos 8 caracteres',
    'This password is among the most used and easy to guess. Please choose another.':
      'Esta contraseña es de las más usadas y fácil de adivinar. Por favor, elija otra.',
    'First name is required': 'Escriba su nombre',
    'Last name is required': 'Escriba su apellido',
    'language must be "en" or "es"': 'El idioma debe ser "en" (inglés) o "es" (español)',
    'This link is not valid. Please ask for a new one.':
      'Este enlace no es válido. Por favor, pida uno nuevo.',
    'This link has expired or was already used. Please ask for a new one.':
      'Este enlace venció o ya se usó. Por favor, pida uno nuevo.',
    'If that e-mail belongs to an account, we sent a link to set a password.':
      'Si ese correo electrónico pertenece a una cuenta, le enviamos un enlace para crear una contraseña.',
    'An account with this email already exists. Please sign in, or use "Forgot password?" to set a password.':
      'Ya existe una cuenta con este correo electrónico. Inicie sesión, o use "¿Olvidó su contraseña?" para crear una contraseña.',
    'Invalid email or password': 'El correo electrónico o la contraseña no son correctos',
    Unauthorized: 'Por favor, inicie sesión.',
    "You don't have permission to do that.": 'No tiene permiso para hacer eso.',
    'User not found': 'No se encontró el usuario',

    // Asking for an estimate: the vehicle, the photos, the contact details
    'Must be text': 'Debe ser texto',
    'smsOptIn must be true or false': 'La opción de mensajes de texto debe ser sí o no',
    'Estimate type must be cash or insurance': 'El tipo de presupuesto debe ser en efectivo o por seguro',
    'Please enter a valid vehicle year.': 'Escriba un año de vehículo válido.',
    'License plate is required': 'Escriba la placa',
    'Only the shop can create an estimate for a new customer.':
      'Solo el taller puede crear un presupuesto para un cliente nuevo.',
    'Please enter the odometer reading in whole miles.':
      'Escriba el millaje en millas enteras, sin decimales.',
    'Please fill in all vehicle information fields including license plate.':
      'Por favor, complete todos los datos del vehículo, incluida la placa.',
    'Please provide VIN number and odometer reading.': 'Por favor, escriba el número VIN y el millaje.',
    'A VIN has exactly 17 characters. Please check it against the car.':
      'Un VIN tiene exactamente 17 caracteres. Por favor, compárelo con el del vehículo.',
    'A VIN has only letters and digits, never I, O or Q. Please check it against the car.':
      'Un VIN tiene solo letras y números, nunca I, O ni Q. Por favor, compárelo con el del vehículo.',
    'This VIN is not valid: its check digit (the 9th character) does not match. Please check it against the car.':
      'Este VIN no es válido: su dígito de control (el 9.º carácter) no coincide. Por favor, compárelo con el del vehículo.',
    'Please take the required Vehicle Overview photo.':
      'Por favor, tome la foto obligatoria de la vista general del vehículo.',
    'To get text updates, enter a mobile number we can text, e.g. (813) 555-0101.':
      'Para recibir avisos por mensaje de texto, escriba un número de celular, por ejemplo (813) 555-0101.',
    'You have sent too many estimate requests in the last hour.':
      'Ha enviado demasiadas solicitudes de presupuesto en la última hora.',
    'You have sent many messages in the last few minutes.':
      'Ha enviado muchos mensajes en los últimos minutos.',
    'You have opened too many estimates and invoices (PDF) in the last few minutes.':
      'Ha abierto demasiados presupuestos y facturas (PDF) en los últimos minutos.',
    'Photos must be a list of photo URLs': 'Las fotos deben ser una lista de enlaces de fotos',
    'photos must be a list of photo URLs': 'Las fotos deben ser una lista de enlaces de fotos',
    'Each photo must be a photo URL': 'Cada foto debe ser un enlace de foto',
    'Each photo must be a photo uploaded to this shop': 'Cada foto debe ser una foto subida a este taller',

    // The estimate: answering it, its photos, its plate
    'Estimate not found': 'No se encontró el presupuesto',
    'Vehicle not found': 'No se encontró el vehículo',
    'Send a status, the amounts, the list of photos, or the promised date':
      'Envíe un estado, los montos, la lista de fotos o la fecha prometida',
    'declinedLineIds must be ids of the estimate’s lines':
      'Los renglones rechazados deben ser renglones de este presupuesto',
    'declinedLineIds must be a list of line ids': 'Los renglones rechazados deben ser una lista de renglones',
    'declinedLineIds go with status "approved" only.':
      'Solo puede rechazar renglones al aprobar el presupuesto.',
    'This estimate can no longer be approved or declined.':
      'Este presupuesto ya no se puede aprobar ni rechazar.',
    'You can only approve or decline an estimate.': 'Usted solo puede aprobar o rechazar un presupuesto.',
    'The estimate changed: please review the new total':
      'El presupuesto cambió: por favor, revise el nuevo total',
    'expectedAmount must be an amount such as "724.00"':
      'El total que aprueba debe ser un monto, por ejemplo "724.00"',
    'Only the shop records a consent given in person, by phone, e-mail or text; approve with the status alone.':
      'Solo el taller registra un consentimiento dado en persona, por teléfono, correo electrónico o mensaje de texto; apruebe solo con el estado.',
    'Only the shop can set the amounts of an estimate.':
      'Solo el taller puede poner los montos de un presupuesto.',
    'Only the shop can change the lines of an estimate.':
      'Solo el taller puede cambiar los renglones de un presupuesto.',
    'Only the shop can send a supplement.': 'Solo el taller puede enviar un suplemento.',
    'This estimate has no lines: there is nothing to decline.':
      'Este presupuesto no tiene renglones: no hay nada que rechazar.',
    'Declining every line leaves nothing to approve: decline the estimate instead.':
      'Si rechaza todos los renglones no queda nada que aprobar: mejor rechace el presupuesto.',
    'This estimate is already approved: its lines change only through a supplement.':
      'Este presupuesto ya está aprobado: sus renglones solo cambian con un suplemento.',
    'Photos cannot be removed once the shop has quoted this estimate: they are the record of the damage it priced. You can still add photos.':
      'No se pueden quitar fotos después de que el taller cotizó este presupuesto: son el registro del daño que se cotizó. Todavía puede agregar fotos.',
    'The photos of a completed, declined or cancelled estimate can no longer be changed. Please message the shop if something is missing.':
      'Las fotos de un presupuesto terminado, rechazado o cancelado ya no se pueden cambiar. Si falta algo, por favor envíele un mensaje al taller.',
    'The license plate cannot be changed once the shop has quoted this vehicle’s estimate. Please message the shop if it is wrong.':
      'La placa no se puede cambiar después de que el taller cotizó el presupuesto de este vehículo. Si está mal, por favor envíele un mensaje al taller.',
    'That photo is not part of this estimate. Use Add Photo to add a new one.':
      'Esa foto no es parte de este presupuesto. Use Agregar foto para añadir una nueva.',
    'Each photo can be listed only once.': 'Cada foto puede aparecer solo una vez.',
    'page must be a whole number of 1 or more': 'La página debe ser un número entero de 1 o más',
    'page is too large': 'La página es demasiado grande',
    'limit must be a number': 'El límite debe ser un número',
    'offset must be a number': 'El desplazamiento debe ser un número',
    'limit must be between 1 and 200': 'El límite debe estar entre 1 y 200',
    'vin is required': 'Falta el VIN',
    'vin is too long': 'El VIN es demasiado largo',
    'offset must be 0 or more': 'El desplazamiento debe ser 0 o más',
    'offset is too large': 'El desplazamiento es demasiado grande',
    'description is required': 'falta la descripción',

    // Supplements: the customer's answer
    'decision must be "approved" or "declined"': 'La respuesta debe ser aprobar o rechazar',
    'Only the shop records a consent given by phone or in person; answer with the decision alone.':
      'Solo el taller anota un permiso dado por teléfono o en persona; responda solo con su decisión.',
    'Supplement not found': 'No se encontró el suplemento',

    // Messages to the shop
    'Message cannot be empty': 'El mensaje no puede estar vacío',

    // Drop-off booking
    'Please choose a drop-off date.': 'Por favor, escoja una fecha para dejar su vehículo.',
    'That day has passed. Please choose today or a later day.':
      'Ese día ya pasó. Por favor, escoja hoy o un día después.',
    'That time slot is already over today. Please choose a later time.':
      'Ese horario ya pasó hoy. Por favor, escoja una hora más tarde.',
    'Please choose a drop-off time slot.': 'Por favor, escoja un horario para dejar su vehículo.',
    'That drop-off slot is full. Please choose another time.':
      'Ese horario ya está lleno. Por favor, escoja otra hora.',
    'No drop-off is booked for this estimate yet.':
      'Todavía no hay una cita para dejar el vehículo de este presupuesto.',
    'That time was just taken: please pick another':
      'Alguien acaba de tomar esa hora: por favor, escoja otra',
    'A drop-off can be booked once the estimate is approved, and only until the car is with us.':
      'Podrá reservar la cita para traer su vehículo cuando apruebe el presupuesto, y solo hasta que el vehículo esté con nosotros.',
    'Drop-offs booked online start tomorrow. For today, please call the shop.':
      'Las citas en línea empiezan mañana. Para hoy, por favor, llame al taller.',
    'Your drop-off is today or has passed: it can no longer be changed online. Please call the shop.':
      'Su cita es hoy o ya pasó: ya no se puede cambiar en línea. Por favor, llame al taller.',
    'No drop-off is booked for this estimate.': 'No hay una cita para dejar el vehículo de este presupuesto.',
    'Your vehicle is already checked in at the shop: the drop-off can no longer be booked or changed online. Please call the shop.':
      'Su vehículo ya está registrado en el taller: la cita ya no se puede reservar ni cambiar en línea. Por favor, llame al taller.',
    "This drop-off's day has passed: there is nothing to confirm.":
      'El día de esta cita ya pasó: no hay nada que confirmar.',
    'appointmentId is required': 'Falta la cita que confirma',
    'days must be a whole number from 1 to 92': 'Los días deben ser un número entero del 1 al 92',

    // Paying
    "This estimate doesn't have a payment amount set.": 'Este presupuesto no tiene un monto a pagar.',
    'This estimate is already paid.': 'Este presupuesto ya está pagado.',
    'Payment is only available for approved estimates.': 'Solo se pueden pagar los presupuestos aprobados.',
    'Payment not found': 'No se encontró el pago',
    'Your card number is incomplete.': 'El número de su tarjeta está incompleto.',
    "Your card's expiration date is incomplete.": 'La fecha de vencimiento de su tarjeta está incompleta.',
    "Your card's security code is incomplete.": 'El código de seguridad de su tarjeta está incompleto.',
    'A payment for this estimate is already being processed.':
      'Ya se está procesando un pago para este presupuesto.',
    'This payment was cancelled. Please reload the page to pay.':
      'Este pago se canceló. Por favor, vuelva a cargar la página para pagar.',
    'The amount due has changed. Please reload the page to pay.':
      'El monto a pagar cambió. Por favor, vuelva a cargar la página para pagar.',

    // Photos and uploads
    'Photo not found': 'No se encontró la foto',
    'This file is not a supported image. Please choose a JPEG, PNG or WebP photo.':
      'Este archivo no es una imagen que podamos usar. Por favor, escoja una foto JPEG, PNG o WebP.',
    'This photo could not be read; the file may be damaged or incomplete. Please take or choose it again.':
      'No pudimos leer esta foto; el archivo puede estar dañado o incompleto. Por favor, tómela o escójala de nuevo.',
    'This HEIC photo could not be read. Please send it as a JPEG (on iPhone: Settings › Camera › Formats › Most Compatible).':
      'No pudimos leer esta foto HEIC. Por favor, envíela como JPEG (en iPhone: Configuración › Cámara › Formatos › Más compatible).',
    'Photos must be 10 MB or smaller.': 'Las fotos deben pesar 10 MB o menos.',
    'This photo has too many pixels to process (over 60 megapixels). Please choose a smaller photo.':
      'Esta foto tiene demasiados píxeles (más de 60 megapíxeles). Por favor, escoja una foto más pequeña.',
    'One or more photos were not uploaded by you or are already attached to an estimate.':
      'Una o más fotos no las subió usted o ya están en un presupuesto.',
    'A photo upload did not finish. Please retake the photo.':
      'Una foto no terminó de subirse. Por favor, tómela de nuevo.',
    'The same photo was sent more than once.': 'La misma foto se envió más de una vez.',
    'One or more photos were already attached to an estimate.': 'Una o más fotos ya están en un presupuesto.',
    'Send the photo’s bytes as application/offset+octet-stream.':
      'Envíe el contenido de la foto como application/offset+octet-stream.',
    'This request takes no body.': 'Esta solicitud no lleva contenido.',
    'This upload was not found. Please choose the photo again.':
      'No se encontró esta subida. Por favor, escoja la foto de nuevo.',
    'Upload-Length: say the photo’s size in bytes when the upload starts.':
      'Upload-Length: indique el tamaño de la foto en bytes al empezar a subirla.',
    'The upload could not continue.': 'La subida no pudo continuar.',
    'Upload-Concat: this server takes each photo as one upload, not in parts to be joined. Send it without Upload-Concat.':
      'Upload-Concat: este servidor recibe cada foto en una sola subida, no en partes para unir. Envíela sin Upload-Concat.',
    'This upload link is not valid.': 'Este enlace de subida no es válido.',
    'This upload link has expired. Please choose the photo again.':
      'Este enlace de subida venció. Por favor, escoja la foto de nuevo.',
    'This photo was already uploaded.': 'Esta foto ya se subió.',

    // Status links
    'This link is not valid.': 'Este enlace no es válido.',

    // Any route
    'This request came from another website and was refused. Please use the shop’s own pages.':
      'Esta solicitud vino de otro sitio web y fue rechazada. Por favor, use las páginas del taller.',
    'The request body is not valid JSON.': 'El contenido de la solicitud no es JSON válido.',
    'The request is too large.': 'La solicitud es demasiado grande.',
    'Unsupported content type.': 'Tipo de contenido no admitido.',
    'Invalid request': 'Solicitud no válida',
    'The request contains a character that is not allowed (NUL, \\u0000).':
      'La solicitud contiene un carácter que no se permite (NUL, \\u0000).',
    'The request body is compressed (Content-Encoding); please send it uncompressed.':
      'El cuerpo de la solicitud está comprimido (Content-Encoding); envíelo sin comprimir.',
    'Something went wrong on our side. Please try again.':
      'Algo salió mal de nuestro lado. Vuelva a intentarlo.',
    'Not found': 'No se encontró',
  }),
);

/** What a rate limit's refusal says before "Please wait N minutes and try again." */
const TOO_MANY = new Map<string, string>(
  Object.entries({
    'Too many attempts.': 'Demasiados intentos.',
    'Too many requests.': 'Demasiadas solicitudes.',

    // The survey after pickup
    'This survey has already been answered. Thank you!': 'Esta encuesta ya fue respondida. ¡Gracias!',
    'Choose a score from 0 to 10.': 'Elija una puntuación del 0 al 10.',
    'The comment must be at most 2000 characters.': 'El comentario debe tener como máximo 2000 caracteres.',
    'You have sent too many estimate requests in the last hour.':
      'Ha enviado demasiadas solicitudes de presupuesto en la última hora.',
    'You have sent many messages in the last few minutes.':
      'Ha enviado muchos mensajes en los últimos minutos.',
    'You have opened too many estimates and invoices (PDF) in the last few minutes.':
      'Ha abierto demasiados presupuestos y facturas (PDF) en los últimos minutos.',
  }),
);

const fieldLabel = (label: string): string | null =>
  Object.hasOwn(TEXT_FIELD_LABELS, label) ? TEXT_FIELD_LABELS[label as TextFieldLabel] : null;

const plural = (count: string, one: string, other: string) => `${count} ${count === '1' ? one : other}`;

/**
 * Messages with a number, a name or another message inside. Each pattern matches the whole message;
 * a part that is itself a message must be known too, or the whole stays English.
 */
const PATTERNS: readonly [RegExp, (...parts: string[]) => string | null][] = [
  [/^Must be at most (\d+) characters$/, (n) => `Debe tener como máximo ${n} caracteres`],
  [
    /^Password must be at most (\d+) characters$/,
    (n) => `La contraseña debe tener como máximo ${n} caracteres`,
  ],
  [
    /^(Name|Insurance company|Claim number|Reason) must be at most (\d+) characters$/,
    (label = '', n) => `${fieldLabel(label) ?? label}: como máximo ${n} caracteres`,
  ],
  [/^Names must be at most (\d+) characters$/, (n) => `Los nombres deben tener como máximo ${n} caracteres`],
  [
    /^Messages must be at most (\d+) characters$/,
    (n) => `Los mensajes deben tener como máximo ${n} caracteres`,
  ],
  [
    /^Search text must be at most (\d+) characters$/,
    (n) => `La búsqueda debe tener como máximo ${n} caracteres`,
  ],
  [/^At most (\d+) photos per estimate$/, (n) => `Como máximo ${n} fotos por presupuesto`],
  [/^At most (\d+) photos$/, (n) => `Como máximo ${n} fotos`],
  [/^At most (\d+) line ids$/, (n) => `Como máximo ${n} renglones`],
  [
    /^An estimate can have at most (\d+) photos\.$/,
    (n) => `Un presupuesto puede tener como máximo ${n} fotos.`,
  ],
  [
    /^pageSize must be a whole number from 1 to (\d+)$/,
    (n) => `El tamaño de página debe ser un número entero de 1 a ${n}`,
  ],
  [
    /^The request body is nested too deeply \(more than (\d+) levels\)\.$/,
    (n) => `El contenido de la solicitud tiene demasiados niveles (más de ${n}).`,
  ],
  [
    /^This photo is too large to process \(([\d.]+) megapixels at (\d+) bits per channel\)\. Please send a smaller photo or a screenshot\.$/,
    (megapixels, bits) =>
      `Esta foto es demasiado grande para procesarla (${megapixels} megapíxeles a ${bits} bits por canal). Por favor, envíe una foto más pequeña o una captura de pantalla.`,
  ],
  [/^(.+) is not one of this estimate’s lines\.$/, (id) => `${id} no es un renglón de este presupuesto.`],
  [
    /^Supplement #(\d+) was already (approved|declined)\.$/,
    (n, status) => `El suplemento n.º ${n} ya fue ${status === 'approved' ? 'aprobado' : 'rechazado'}.`,
  ],
  [
    /^(.+?) Please wait (\d+) minutes? and try again\.$/,
    (tooMany, n = '') => {
      const head = TOO_MANY.get(tooMany);
      return head ? `${head} Espere ${plural(n, 'minuto', 'minutos')} y vuelva a intentarlo.` : null;
    },
  ],
  [
    /^Something went wrong on our side\. Please try again\. \(reference: ([\w-]+)\)$/,
    (reference) => `Algo salió mal de nuestro lado. Vuelva a intentarlo. (referencia: ${reference})`,
  ],
  [
    /^Line (\d+): (.+)$/,
    (n, inner = '') => {
      const spanish = spanishProblem(inner);
      return spanish ? `Línea ${n}: ${spanish}` : null;
    },
  ],
  [
    /^Unrecognized keys?: (.+?)(?: and (\d+) more)?$/,
    (list = '', more) => {
      const label = list.includes(',') || more ? 'Campos no reconocidos' : 'Campo no reconocido';
      return `${label}: ${list}${more ? ` y ${more} más` : ''}`;
    },
  ],
  [
    /^(.+): use one line of plain text, without tabs, line breaks or other control characters\.$/,
    (label = '') => {
      const spanish = fieldLabel(label);
      return spanish
        ? `${spanish}: use una sola línea de texto, sin tabulaciones, saltos de línea ni otros caracteres de control.`
        : null;
    },
  ],
  [
    /^(.+): line breaks are fine, but not tabs, carriage returns or other control characters\.$/,
    (label = '') => {
      const spanish = fieldLabel(label);
      return spanish
        ? `${spanish}: puede usar saltos de línea, pero no tabulaciones, retornos de carro ni otros caracteres de control.`
        : null;
    },
  ],
  [/^Not found: (\S+) (\S+)$/, (method, path) => `No se encontró: ${method} ${path}`],
  [
    /^The limit can't be less than the (.+) you approved\. Enter at least that amount, or choose a written estimate\.$/,
    (amount) =>
      `El límite no puede ser menor que los ${amount} que usted aprobó. Escriba al menos esa cantidad, o escoja un presupuesto escrito.`,
  ],
  [
    /^Drop-offs can be booked up to (\d+) days ahead\. Please choose an earlier day\.$/,
    (n) =>
      `Las citas se pueden reservar con hasta ${n} días de anticipación. Por favor, escoja un día más cercano.`,
  ],
  [
    /^Your drop-off was moved to (.+)\. Please check the new time\.$/,
    (when = '') => `Su cita se cambió al ${when}. Por favor, revise la nueva hora.`,
  ],
  [
    /^The shop is closed on (.+)\. Please choose another day\.$/,
    (day = '') => `El taller está cerrado ${spanishDay(day)}. Por favor, escoja otro día.`,
  ],
  [
    /^The (.+) window is outside the shop's hours on (.+) \((.+)\)\. Please choose another time\.$/,
    (window, day = '', hours) =>
      `El horario de ${window} está fuera del horario del taller ${spanishDay(day)} (${hours}). Por favor, escoja otra hora.`,
  ],
];

const SPANISH_WEEKDAYS: Record<string, string> = {
  Sundays: 'los domingos',
  Mondays: 'los lunes',
  Tuesdays: 'los martes',
  Wednesdays: 'los miércoles',
  Thursdays: 'los jueves',
  Fridays: 'los viernes',
  Saturdays: 'los sábados',
};

/** "los sábados" for "Saturdays"; a date ("Friday, December 25, 2026 (Christmas Day)") as "el …". */
function spanishDay(day: string): string {
  return SPANISH_WEEKDAYS[day] ?? `el ${day}`;
}

/** The Spanish of a problem message; null when the catalogue does not know it (show the English). */
export function spanishProblem(message: string): string | null {
  const exact = EXACT.get(message);
  if (exact !== undefined) return exact;
  for (const [pattern, spanish] of PATTERNS) {
    const match = pattern.exec(message);
    if (match) return spanish(...match.slice(1).map((part) => part ?? ''));
  }
  return null;
}
