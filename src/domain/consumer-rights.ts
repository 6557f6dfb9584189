/**
 * The sign F.S. 559.916 asks every Florida motor vehicle repair shop to post where customers see it:
 * the Department of Agriculture and Consumer Services' toll-free number for assistance and
 * information, and that the customer is entitled to the return or inspection of replaced parts when
 * asked for at the time the work order is placed (the right itself is F.S. 559.909's). The public
 * site's footer, every PDF and the signing page carry it (decision 071 has the sources read).
 *
 * The English is the law's; the Spanish is a translation (FDACS answers in Spanish at 1-800-FL-AYUDA).
 */
export const CONSUMER_HOTLINE = '1-800-HELP-FLA (435-7352)';
export const CONSUMER_HOTLINE_SPANISH = '1-800-FL-AYUDA (352-9832)';

export const CONSUMER_SIGN = {
  en: `Florida Motor Vehicle Repair Act: for assistance and information, call the Florida Department of Agriculture and Consumer Services toll-free at ${CONSUMER_HOTLINE}. You are entitled to the return or inspection of replaced parts if you ask for them at the time the work order is placed (F.S. 559.916, 559.909).`,
  es: `Ley de Reparación de Vehículos Motorizados de la Florida: para ayuda e información, llame gratis al Departamento de Agricultura y Servicios al Consumidor de la Florida al ${CONSUMER_HOTLINE_SPANISH} (en español) o al ${CONSUMER_HOTLINE}. Usted tiene derecho a que le devuelvan o le muestren las piezas reemplazadas si las pide al hacer la orden de trabajo (F.S. 559.916, 559.909).`,
} as const;
