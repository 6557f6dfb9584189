import type { LucideIcon } from 'lucide-react';
import Hammer from 'lucide-react/icons/hammer';
import PaintBucket from 'lucide-react/icons/paint-bucket';
import Sparkles from 'lucide-react/icons/sparkles';
import type { MessageId } from '#client/i18n/catalogs.ts';

export interface ShopService {
  icon: LucideIcon;
  title: MessageId;
  /** One sentence, for the landing page's overview. */
  summary: MessageId;
  /** A few sentences, for the about page (in its catalog: the landing page does not show them). */
  description: MessageId;
  items: MessageId[];
}

/**
 * What the shop does: the landing page's "Our Services" and the about page's "What We Do". The words
 * are in the shared catalog (common), since both pages show them.
 */
export const SHOP_SERVICES: readonly ShopService[] = [
  {
    icon: Hammer,
    title: 'common.service.collision.title',
    summary: 'common.service.collision.summary',
    description: 'about.service.collision',
    items: [
      'common.service.collision.frame',
      'common.service.collision.panel',
      'common.service.collision.structural',
    ],
  },
  {
    icon: PaintBucket,
    title: 'common.service.paint.title',
    summary: 'common.service.paint.summary',
    description: 'about.service.paint',
    items: [
      'common.service.paint.colorMatching',
      'common.service.paint.booth',
      'common.service.paint.clearCoat',
    ],
  },
  {
    icon: Sparkles,
    title: 'common.service.dent.title',
    summary: 'common.service.dent.summary',
    description: 'about.service.dent',
    items: ['common.service.dent.paintless', 'common.service.dent.hail', 'common.service.dent.doorDing'],
  },
];
