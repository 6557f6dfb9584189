import type { MessageId } from '#client/i18n/catalogs.ts';

/** Each shop photo's description, by its file's name (the photos may be swapped, the names stay). */
const ALTS: Readonly<Record<string, MessageId>> = {
  'shop-exterior': 'common.photo.shopExterior',
  'collision-bay': 'common.photo.collisionBay',
  'paint-booth': 'common.photo.paintBooth',
  'dent-repair': 'common.photo.dentRepair',
  handover: 'common.photo.handover',
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
