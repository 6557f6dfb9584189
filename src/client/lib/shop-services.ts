import { Hammer, type LucideIcon, PaintBucket, Sparkles } from 'lucide-react';

export interface ShopService {
  icon: LucideIcon;
  title: string;
  /** One sentence, for the landing page's overview. */
  summary: string;
  /** A few sentences, for the about page. */
  description: string;
  items: string[];
}

/** What the shop does: the landing page's "Our Services" and the about page's "What We Do". */
export const SHOP_SERVICES: readonly ShopService[] = [
  {
    icon: Hammer,
    title: 'Collision Repair',
    summary: 'Structural and body repairs that restore your vehicle to factory specifications.',
    description:
      'After an accident, the damage you can see is only part of the story. We measure, straighten and rebuild so your vehicle is as safe as the day it left the factory.',
    items: ['Frame straightening', 'Panel replacement', 'Structural repair'],
  },
  {
    icon: PaintBucket,
    title: 'Paint & Refinishing',
    summary: 'A flawless, factory-quality finish that blends in with the rest of your car.',
    description:
      'Our refinishing work is done in a dedicated paint booth, with careful color matching and a protective clear coat, so the repair disappears into the rest of the car.',
    items: ['Computerized color matching', 'Professional paint booth', 'Durable clear coat'],
  },
  {
    icon: Sparkles,
    title: 'Dent Repair',
    summary: 'Smooth out dents and dings, often without touching the original paint.',
    description:
      'From a parking-lot door ding to a hood full of hail dents, we use paintless techniques wherever possible to keep your factory finish intact and your costs down.',
    items: ['Paintless dent repair', 'Hail damage repair', 'Door ding removal'],
  },
];
