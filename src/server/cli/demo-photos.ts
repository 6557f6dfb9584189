import sharp from 'sharp';

/**
 * Made-up but plausible damage photos for the demo shop: a side view of the car with the damaged spot
 * ringed, and a close-up of the painted panel with the damage drawn on it. Each carries a caption saying
 * it is a demo photo, so nobody mistakes it for a customer's picture.
 */

export type DamageKind = 'dent' | 'scratch' | 'crack' | 'hail' | 'crush' | 'chip';

export interface DemoDamage {
  kind: DamageKind;
  /** Where on the car, as the caption says it: 'Rear bumper, left corner'. */
  area: string;
  /** Where the ring goes on the side view, as fractions of the car's length and height (0 front, 1 rear). */
  spot: { x: number; y: number };
}

export interface DemoCar {
  title: string;
  licensePlate: string;
  /** Paint colour, '#rrggbb'. */
  color: string;
}

const WIDTH = 1280;
const HEIGHT = 960;
const FONT = 'DejaVu Sans, Liberation Sans, Arial, sans-serif';

/** The two photos of one estimate, as JPEG bytes: the overview first, then the close-up. */
export async function demoDamagePhotos(
  car: DemoCar,
  damage: DemoDamage,
): Promise<{ step: string; jpeg: Buffer }[]> {
  return [
    { step: 'overview', jpeg: await toJpeg(overviewSvg(car, damage)) },
    { step: closeUpStep(damage), jpeg: await toJpeg(closeUpSvg(car, damage)) },
  ];
}

/** The workflow step a close-up belongs to, from where the damage is. */
function closeUpStep(damage: DemoDamage): string {
  if (damage.spot.x < 0.3) return 'damage-front';
  if (damage.spot.x > 0.75) return 'damage-rear';
  return 'damage-side';
}

function toJpeg(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

function overviewSvg(car: DemoCar, damage: DemoDamage): string {
  // The car spans x 140..1140 and y 330..700 (wheels to roof).
  const ring = { x: 140 + damage.spot.x * 1000, y: 330 + damage.spot.y * 370 };
  return svg(`
    <defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#cbd5e1"/><stop offset="1" stop-color="#94a3b8"/>
      </linearGradient>
      ${paintGradient(car.color)}
    </defs>
    <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
    <rect y="690" width="${WIDTH}" height="${HEIGHT - 690}" fill="#475569"/>
    <rect y="760" width="${WIDTH}" height="8" fill="#e2e8f0" opacity="0.6"/>
    <ellipse cx="640" cy="700" rx="560" ry="26" fill="#0f172a" opacity="0.45"/>
    <path d="M150 600 Q140 520 230 500 L380 480 Q450 380 560 350 L820 345 Q930 350 990 470 L1100 490
             Q1150 505 1140 600 Z" fill="url(#paint)" stroke="${shade(car.color, -0.45)}" stroke-width="4"/>
    <path d="M470 475 Q520 390 580 372 L700 370 L700 475 Z" fill="#1e293b" opacity="0.85"/>
    <path d="M720 370 L815 370 Q880 378 930 475 L720 475 Z" fill="#1e293b" opacity="0.85"/>
    <line x1="710" y1="480" x2="705" y2="600" stroke="${shade(car.color, -0.45)}" stroke-width="3"/>
    <rect x="160" y="520" width="40" height="22" rx="6" fill="#fef3c7"/>
    <rect x="1105" y="515" width="30" height="26" rx="6" fill="#b91c1c"/>
    ${wheel(330, 610)} ${wheel(960, 610)}
    <circle cx="${ring.x}" cy="${ring.y}" r="70" fill="none" stroke="#dc2626" stroke-width="8"
            stroke-dasharray="22 12"/>
    ${caption(`Vehicle overview · ${damage.area}`, car)}
  `);
}

function closeUpSvg(car: DemoCar, damage: DemoDamage): string {
  return svg(`
    <defs>
      ${paintGradient(car.color)}
      <radialGradient id="dent" cx="0.5" cy="0.5" r="0.5">
        <stop offset="0" stop-color="#000" stop-opacity="0.55"/>
        <stop offset="0.65" stop-color="#000" stop-opacity="0.2"/>
        <stop offset="1" stop-color="#000" stop-opacity="0"/>
      </radialGradient>
      <linearGradient id="shine" x1="0" y1="0" x2="1" y2="0">
        <stop offset="0" stop-color="#fff" stop-opacity="0"/>
        <stop offset="0.5" stop-color="#fff" stop-opacity="0.35"/>
        <stop offset="1" stop-color="#fff" stop-opacity="0"/>
      </linearGradient>
    </defs>
    <rect width="${WIDTH}" height="${HEIGHT}" fill="#334155"/>
    <path d="M40 120 Q640 60 1240 120 L1240 860 L40 860 Z" fill="url(#paint)"/>
    <rect x="-200" y="260" width="1800" height="90" fill="url(#shine)" transform="rotate(-8 640 300)"/>
    <path d="M40 520 Q640 490 1240 520" fill="none" stroke="${shade(car.color, -0.5)}" stroke-width="5"/>
    <rect x="900" y="420" width="170" height="40" rx="18" fill="${shade(car.color, -0.35)}"
          stroke="${shade(car.color, 0.3)}" stroke-width="3"/>
    ${damageMarks(damage.kind, seededRandom(`${car.licensePlate} ${damage.area}`), scratchColor(car.color))}
    ${caption(`Damage close-up · ${damage.area}`, car)}
  `);
}

function damageMarks(kind: DamageKind, random: () => number, scratch: string): string {
  switch (kind) {
    case 'dent':
      return dent(560, 560, 190, 120);
    case 'hail':
      return Array.from({ length: 38 }, () =>
        dent(120 + random() * 1040, 170 + random() * 640, 18 + random() * 16, 14 + random() * 10),
      ).join('');
    case 'scratch':
      return Array.from({ length: 5 }, (_, i) =>
        jagged(160, 600 + i * 14, 1080, 560 + i * 10, random, scratch, 3 + random() * 3),
      ).join('');
    case 'crack':
      return [
        jagged(420, 380, 760, 700, random, '#0f172a', 6),
        jagged(560, 500, 860, 430, random, '#0f172a', 4),
        jagged(600, 560, 470, 760, random, '#0f172a', 4),
      ].join('');
    case 'crush':
      return `${dent(620, 520, 330, 220)}
        <path d="M360 430 L520 470 L640 410 L760 480 L900 440" fill="none" stroke="#0f172a" stroke-width="7"
              opacity="0.6"/>
        <path d="M380 600 L540 560 L660 640 L820 580 L920 630" fill="none" stroke="#f8fafc" stroke-width="4"
              opacity="0.5"/>`;
    case 'chip':
      return `${dent(520, 600, 80, 55)}
        <path d="M760 330 l26 -8 l14 18 l-10 22 l-28 -4 Z" fill="#e2e8f0"/>
        <path d="M800 390 l14 -4 l8 10 l-6 12 l-16 -3 Z" fill="#94a3b8"/>`;
  }
}

function dent(cx: number, cy: number, rx: number, ry: number): string {
  return `<ellipse cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" rx="${rx.toFixed(0)}" ry="${ry.toFixed(0)}"
    fill="url(#dent)"/>
    <path d="M${(cx - rx * 0.6).toFixed(0)} ${(cy + ry * 0.35).toFixed(0)} Q${cx.toFixed(0)} ${(cy + ry * 0.75).toFixed(0)}
      ${(cx + rx * 0.6).toFixed(0)} ${(cy + ry * 0.35).toFixed(0)}" fill="none" stroke="#fff" stroke-opacity="0.35"
      stroke-width="${Math.max(2, rx / 25).toFixed(0)}"/>`;
}

/** A scratch or crack: a line from one point to another that wanders a little. */
function jagged(
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  random: () => number,
  color: string,
  width: number,
): string {
  const points: string[] = [];
  const steps = 14;
  for (let i = 0; i <= steps; i++) {
    const x = x1 + ((x2 - x1) * i) / steps + (random() - 0.5) * 18;
    const y = y1 + ((y2 - y1) * i) / steps + (random() - 0.5) * 18;
    points.push(`${x.toFixed(0)},${y.toFixed(0)}`);
  }
  return `<polyline points="${points.join(' ')}" fill="none" stroke="${color}" stroke-width="${width.toFixed(1)}"
    stroke-linecap="round" stroke-linejoin="round" opacity="0.85"/>`;
}

function wheel(cx: number, cy: number): string {
  return `<circle cx="${cx}" cy="${cy}" r="88" fill="#111827"/>
    <circle cx="${cx}" cy="${cy}" r="50" fill="#9ca3af" stroke="#e5e7eb" stroke-width="6"/>
    <circle cx="${cx}" cy="${cy}" r="12" fill="#374151"/>`;
}

function paintGradient(color: string): string {
  return `<linearGradient id="paint" x1="0" y1="0" x2="0.25" y2="1">
      <stop offset="0" stop-color="${shade(color, 0.35)}"/>
      <stop offset="0.45" stop-color="${color}"/>
      <stop offset="1" stop-color="${shade(color, -0.4)}"/>
    </linearGradient>`;
}

function caption(title: string, car: DemoCar): string {
  return `<rect y="${HEIGHT - 100}" width="${WIDTH}" height="100" fill="#0f172a" opacity="0.88"/>
    <text x="40" y="${HEIGHT - 52}" fill="#fff" font-family="${FONT}" font-size="34" font-weight="bold">${escapeXml(title)}</text>
    <text x="40" y="${HEIGHT - 18}" fill="#cbd5e1" font-family="${FONT}" font-size="24">${escapeXml(
      `Demo photo · ${car.title} · ${car.licensePlate}`,
    )}</text>`;
}

function svg(body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${body}</svg>`;
}

/** Bare metal shows light on dark paint and dark on light paint. */
function scratchColor(paint: string): string {
  const [red, green, blue] = [1, 3, 5].map((i) => Number.parseInt(paint.slice(i, i + 2), 16)) as [
    number,
    number,
    number,
  ];
  return 0.299 * red + 0.587 * green + 0.114 * blue > 150 ? '#475569' : '#f1f5f9';
}

/** The colour moved towards white (amount > 0) or black (amount < 0). */
function shade(hex: string, amount: number): string {
  const channels = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  const target = amount > 0 ? 255 : 0;
  return `#${channels
    .map((value) =>
      Math.round(value + (target - value) * Math.abs(amount))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The same marks for the same car on every run (the seed is repeatable). */
function seededRandom(seed: string): () => number {
  let state = 2_166_136_261;
  for (const char of seed) state = Math.imul(state ^ char.charCodeAt(0), 16_777_619) >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 4_294_967_296;
  };
}
