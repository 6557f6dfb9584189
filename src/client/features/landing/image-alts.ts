import type { MessageId } from '#client/i18n/catalogs.ts';

/** Each shop photo's description, by its file's name (the photos may be swapped, the names stay). */
const ALTS: Readonly<Record<string, MessageId>> = {
  'shop-exterior': 'photos.alt.shopExterior',
  'collision-bay': 'photos.alt.collisionBay',
  'paint-booth': 'photos.alt.paintBooth',
  'dent-repair': 'photos.alt.dentRepair',
  handover: 'photos.alt.handover',
};

/** The message id of a photo's description, or none for a photo this list does not know. */
export function imageAltId(src: string): MessageId | undefined {
  const name =
    src
      .split('/')
      .pop()
      ?.replace(/-\d+\.\w+$/, '') ?? '';
  return ALTS[name];
}
