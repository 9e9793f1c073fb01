// Generated product artwork: every strain gets its own square illustration, drawn as SVG.
// Pure and deterministic (the slug seeds the PRNG), so the server can cache renders forever.

export type ArtworkInput = {
  slug: string;
  type: 'indica' | 'mostly_indica' | 'hybrid' | 'mostly_sativa' | 'sativa';
  flowering: 'photoperiod' | 'autoflower';
  indicaPercent: number;
  flavours: string[];
  /** Used after the flavours for the colours (limonene golden, linalool lavender…). */
  terpenes?: string[];
};

const SIZE = 1200;

type Hsl = [h: number, s: number, l: number];
type Palette = { centre: Hsl; edge: Hsl; glow: Hsl; leafBase: Hsl; leafTip: Hsl };

// Indica: plums and aubergine; hybrid: teal and emerald; sativa: lime and spring green.
const INDICA: Palette = { centre: [290, 40, 37], edge: [270, 60, 8], glow: [305, 65, 70], leafBase: [158, 60, 14], leafTip: [118, 52, 58] };
const HYBRID: Palette = { centre: [172, 52, 34], edge: [196, 70, 8], glow: [160, 75, 66], leafBase: [150, 70, 12], leafTip: [96, 60, 58] };
const SATIVA: Palette = { centre: [68, 78, 58], edge: [128, 58, 16], glow: [56, 100, 76], leafBase: [148, 75, 11], leafTip: [110, 60, 40] };

const mixHsl = (a: Hsl, b: Hsl, t: number): Hsl => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
const mixPalette = (a: Palette, b: Palette, t: number): Palette => ({
  centre: mixHsl(a.centre, b.centre, t),
  edge: mixHsl(a.edge, b.edge, t),
  glow: mixHsl(a.glow, b.glow, t),
  leafBase: mixHsl(a.leafBase, b.leafBase, t),
  leafTip: mixHsl(a.leafTip, b.leafTip, t),
});

const PALETTES: Record<ArtworkInput['type'], Palette> = {
  indica: INDICA,
  // Violet-indigo rather than the plain mix, which lands on royal blue.
  mostly_indica: { ...mixPalette(INDICA, HYBRID, 0.45), centre: [262, 42, 38], edge: [248, 62, 8] },
  hybrid: HYBRID,
  // Not a plain mix: halfway between teal and lime is leaf green, and the leaf would vanish.
  mostly_sativa: { ...mixPalette(HYBRID, SATIVA, 0.6), centre: [86, 60, 50], edge: [182, 68, 12] },
  sativa: SATIVA,
};

// Flavour words (English or Dutch) tint a few highlights; the first match wins.
const FLAVOUR_HUES: [RegExp, number][] = [
  [/citr|lemon|citroen|lime|limoen|orange|sinaas/, 48],
  [/berr|bes|grape|druif|blueberr|bosbes/, 318],
  [/tropi|mango|ananas|pineapple|fruit|vrucht/, 32],
  [/sweet|zoet|candy|snoep|vanill/, 335],
  [/spic|pepper|peper|kruidig/, 12],
  [/pine|pijnboom|dennen|herb|kruid|mint|munt/, 150],
  [/lavend|bloem|floral|flower/, 275],
  [/earth|aard|wood|hout|coffee|koffie|chocol/, 28],
  [/diesel|fuel|skunk|kaas|cheese/, 210],
  // Terpenes, by the colour of what they smell of.
  [/limone/, 48],
  [/linalool/, 275],
  [/myrce/, 28],
  [/pinee?n/, 150],
  [/caryof|caryoph/, 12],
  [/terpinole/, 95],
  [/humule/, 35],
  [/ocime/, 330],
];

/** cyrb53-style string hash: stable across platforms and Node versions. */
function hashString(s: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h2 >>> 0) ^ (h1 >>> 0);
}

/** mulberry32: tiny, fast and good enough for layout jitter. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, range: (min: number, max: number) => min + (max - min) * next() };
}

// One decimal keeps the markup small; rounding (not toFixed) avoids "-0.0".
const n = (x: number) => String(Math.round(x * 10) / 10);
const hsl = ([h, s, l]: Hsl, dh = 0, ds = 0, dl = 0) => {
  const hue = (((h + dh) % 360) + 360) % 360;
  const clamp = (v: number) => Math.min(100, Math.max(0, v));
  return `hsl(${n(hue)},${n(clamp(s + ds))}%,${n(clamp(l + dl))}%)`;
};

/** One serrated leaflet pointing up from (0,0); returns the outline and its right half (for the fold shading). */
function leaflet(length: number, halfWidth: number, teeth: number) {
  // Lanceolate profile: widest just below the middle, long pointed tip.
  const widthAt = (t: number) => halfWidth * Math.pow(Math.sin(Math.PI * Math.pow(t, 0.72)), 1.15);
  const edge = (side: 1 | -1) => {
    const pts: [number, number][] = [];
    for (let i = 0; i < teeth; i++) {
      const t0 = 0.04 + (0.92 * i) / teeth;
      const t1 = 0.04 + (0.92 * (i + 0.78)) / teeth;
      pts.push([side * widthAt(t0) * 0.93, -length * t0]);
      // The tooth leans towards the tip, like a real cannabis leaflet.
      pts.push([side * widthAt(t1) * 1.06, -length * t1]);
    }
    return pts;
  };
  const right = edge(1);
  const left = edge(-1).reverse();
  const tip: [number, number] = [0, -length];
  const toPath = (pts: [number, number][]) => pts.map(([x, y]) => `${n(x)} ${n(y)}`).join('L');
  const outline = `M0 0L${toPath(right)}L${n(tip[0])} ${n(tip[1])}L${toPath(left)}Z`;
  const rightHalf = `M0 0L${toPath(right)}L${n(tip[0])} ${n(tip[1])}Z`;
  return { outline, rightHalf, widthAt };
}

/** The leaflets of one fan leaf: an odd count, the middle one longest, the lowest pair short and drooping. */
function fingerLayout(count: number) {
  const pairs = (count - 1) / 2;
  const fingers = [{ angle: 0, len: 1 }];
  for (let i = 1; i <= pairs; i++) {
    const t = i / pairs;
    // Spread to about 90° for the lowest pair; lengths fall off faster towards the stem.
    const angle = 90 * Math.pow(t, 0.85);
    const len = 1 - 0.6 * Math.pow(t, 1.35);
    fingers.push({ angle, len }, { angle: -angle, len });
  }
  return fingers;
}

function leafSvg(rand: ReturnType<typeof prng>, cx: number, cy: number, scale: number, rotation: number, broadness: number, fingerCount = 7) {
  const fingers = fingerLayout(fingerCount);
  const base = 540 * scale;
  const parts: string[] = [];
  const silhouettes: string[] = [];
  // Draw the outer fingers first so the middle one overlaps them.
  for (const f of [...fingers].reverse()) {
    const len = base * f.len * rand.range(0.96, 1.04);
    const half = len * broadness * rand.range(0.95, 1.05);
    const angle = f.angle * rand.range(0.94, 1.06) + (f.angle === 0 ? 0 : Math.sign(f.angle) * 4);
    const teeth = Math.round(10 + f.len * 9);
    const { outline, rightHalf, widthAt } = leaflet(len, half, teeth);
    const veins: string[] = [];
    for (let i = 1; i <= 7; i++) {
      const t = i / 9;
      const w = widthAt(t + 0.06) * 0.8;
      const y0 = -len * t;
      const y1 = -len * (t + 0.07);
      veins.push(`M0 ${n(y0)}L${n(w)} ${n(y1)}M0 ${n(y0)}L${n(-w)} ${n(y1)}`);
    }
    silhouettes.push(`<path transform="rotate(${n(angle)})" d="${outline}"/>`);
    parts.push(
      `<g transform="rotate(${n(angle)})">` +
        `<path d="${outline}" fill="url(#leaf)" stroke="#eaffd6" stroke-opacity=".22" stroke-width="1.5" stroke-linejoin="round"/>` +
        `<path d="${rightHalf}" fill="#02140a" fill-opacity=".2"/>` +
        `<path d="${veins.join('')}" stroke="#e9ffd9" stroke-opacity=".2" stroke-width="2.2" fill="none" stroke-linecap="round"/>` +
        `<path d="M-3 0L0 ${n(-len * 0.95)}L3 0Z" fill="#f2ffe6" fill-opacity=".5"/>` +
        `</g>`,
    );
  }
  const stemEndX = rand.range(-40, 40) * scale;
  // Long enough to disappear behind the seed heap, so the leaf never floats.
  const stem = `M-10 0C-9 ${n(100 * scale)} ${n(stemEndX * 0.6 - 8)} ${n(180 * scale)} ${n(stemEndX - 6)} ${n(260 * scale)}L${n(stemEndX + 6)} ${n(260 * scale)}C${n(stemEndX * 0.6 + 8)} ${n(180 * scale)} 9 ${n(100 * scale)} 10 0Z`;
  // Soft drop shadow from stacked, widening silhouettes: a blur filter costs seconds at 3072 px.
  const silhouette = `<path d="${stem}"/>${silhouettes.join('')}`;
  const shadow = [
    [44, 0.05],
    [24, 0.07],
    [8, 0.1],
  ]
    .map(([width, opacity]) => `<g opacity="${opacity}" stroke-width="${width}">${silhouette}</g>`)
    .join('');
  return (
    `<g transform="translate(${n(cx + 14)} ${n(cy + 30)}) rotate(${n(rotation)})" fill="#000" stroke="#000" stroke-linejoin="round">${shadow}</g>` +
    `<g transform="translate(${n(cx)} ${n(cy)}) rotate(${n(rotation)})">` +
    `<path d="${stem}" fill="url(#stem)"/>` +
    parts.join('') +
    `<circle r="${n(9 * scale)}" fill="url(#stem)"/>` +
    `</g>`
  );
}

function seedSvg(rand: ReturnType<typeof prng>, x: number, y: number, size: number, rotation: number, i: number) {
  const rx = size;
  const ry = size * 0.72;
  // Egg-shaped outline: blunt at the back, slightly pointed at the front.
  const shape = `M${n(-rx)} 0C${n(-rx)} ${n(-ry * 1.32)} ${n(rx * 0.7)} ${n(-ry * 1.2)} ${n(rx)} ${n(-ry * 0.06)}C${n(rx * 0.7)} ${n(ry * 1.2)} ${n(-rx)} ${n(ry * 1.32)} ${n(-rx)} 0Z`;
  // Tiger-stripe mottling across the seed is what makes it read as a cannabis seed.
  const stripes: string[] = [];
  const bands = 9 + Math.floor(rand.next() * 4);
  for (let k = 0; k < bands; k++) {
    const bx = -rx * 0.95 + (1.9 * rx * (k + rand.range(0.1, 0.9))) / bands;
    let yy = -ry * rand.range(1, 1.15);
    let xx = bx;
    while (yy < ry * 1.1) {
      const step = rand.range(ry * 0.18, ry * 0.42);
      const dx = rand.range(-rx * 0.08, rx * 0.08);
      // Broken bands: some segments are skipped, like real seed coat marbling.
      if (rand.next() < 0.72) {
        stripes.push(`<path d="M${n(xx)} ${n(yy)}q${n(dx * 2)} ${n(step / 2)} ${n(dx)} ${n(step)}" stroke-width="${n(rand.range(size * 0.04, size * 0.11))}" stroke-opacity="${Math.round(rand.range(0.35, 0.7) * 100) / 100}"/>`);
      }
      xx += dx;
      yy += step;
    }
  }
  return (
    `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(rotation)})">` +
    `<clipPath id="sc${i}"><path d="${shape}"/></clipPath>` +
    `<path d="${shape}" fill="url(#seed)"/>` +
    `<g clip-path="url(#sc${i})">` +
    `<g stroke="#2a1f16" stroke-linecap="round" fill="none">${stripes.join('')}</g>` +
    `<path d="${shape}" fill="url(#seedShade)"/>` +
    `<path d="M${n(-rx * 0.98)} 2Q${n(-rx * 0.1)} ${n(-ry * 0.16)} ${n(rx)} ${n(-ry * 0.06)}" stroke="#f5ead6" stroke-opacity=".3" stroke-width="${n(size * 0.045)}" fill="none"/>` +
    `<ellipse cx="${n(-rx * 0.22)}" cy="${n(-ry * 0.52)}" rx="${n(rx * 0.6)}" ry="${n(ry * 0.32)}" fill="url(#shine)" fill-opacity=".5"/>` +
    `<ellipse cx="${n(-rx * 0.3)}" cy="${n(-ry * 0.56)}" rx="${n(rx * 0.16)}" ry="${n(ry * 0.07)}" fill="#fff" fill-opacity=".7"/>` +
    `</g>` +
    `</g>`
  );
}

/** Contact shadow for a seed, drawn in a separate pass so no seed's shadow falls on another seed. */
function seedShadow(x: number, y: number, size: number) {
  return `<ellipse cx="${n(x + 8)}" cy="${n(y + size * 0.55)}" rx="${n(size * 1.1)}" ry="${n(size * 0.38)}" fill="url(#shade)" fill-opacity=".75"/>`;
}

/** Pulls the backdrop towards a flavour's hue; the leaf keeps its greens so it always reads as a leaf. */
function tintPalette(pal: Palette, hue: number | undefined): Palette {
  if (hue === undefined) return pal;
  const pull = (c: Hsl, t: number): Hsl => {
    // The shortest way round the colour wheel.
    const d = ((((hue - c[0]) % 360) + 540) % 360) - 180;
    return [c[0] + d * t, c[1], c[2]];
  };
  return { ...pal, centre: pull(pal.centre, 0.55), edge: pull(pal.edge, 0.35), glow: pull(pal.glow, 0.5) };
}

/** A quiet pattern behind the subject: dotted rings, soft rays or a dot grid. */
function backdrop(pattern: 'rings' | 'rays' | 'dots', rand: ReturnType<typeof prng>, accent: string): string {
  if (pattern === 'rings') {
    const r = rand.range(380, 440);
    return (
      `<circle cx="600" cy="560" r="${n(r)}" fill="none" stroke="#fff" stroke-opacity=".14" stroke-width="2"/>` +
      `<circle cx="600" cy="560" r="${n(r + 46)}" fill="none" stroke="#fff" stroke-opacity=".16" stroke-width="3" stroke-dasharray="1 ${n(rand.range(14, 22))}" stroke-linecap="round"/>` +
      `<circle cx="600" cy="560" r="${n(r + 110)}" fill="none" stroke="${accent}" stroke-opacity=".12" stroke-width="1.5"/>`
    );
  }
  if (pattern === 'rays') {
    const count = 14 + Math.floor(rand.next() * 8);
    const turn = rand.range(0, 360 / count);
    const rays: string[] = [];
    for (let i = 0; i < count; i++) {
      const a = ((turn + (360 * i) / count) * Math.PI) / 180;
      const b = a + (Math.PI / count) * 0.45;
      rays.push(`M600 560L${n(600 + Math.cos(a) * 1000)} ${n(560 + Math.sin(a) * 1000)}L${n(600 + Math.cos(b) * 1000)} ${n(560 + Math.sin(b) * 1000)}Z`);
    }
    return `<path d="${rays.join('')}" fill="#fff" fill-opacity=".05"/><circle cx="600" cy="560" r="${n(rand.range(300, 360))}" fill="none" stroke="${accent}" stroke-opacity=".16" stroke-width="2"/>`;
  }
  const step = Math.round(rand.range(46, 64));
  const dots: string[] = [];
  for (let y = step / 2; y < SIZE * 0.85; y += step)
    for (let x = step / 2; x < SIZE; x += step) {
      // Fades out away from the centre, so the grid frames the subject instead of covering it.
      const d = Math.hypot(x - 600, y - 560) / 700;
      if (d < 1) dots.push(`M${n(x)} ${n(y)}h.01`);
    }
  return `<path d="${dots.join('')}" stroke="#fff" stroke-opacity=".16" stroke-width="5" stroke-linecap="round"/><circle cx="600" cy="560" r="430" fill="none" stroke="${accent}" stroke-opacity=".14" stroke-width="2"/>`;
}

/** A small round badge with a lightning bolt: "fast" without any text. */
function autoflowerBadge(glow: string) {
  const bolt = 'M6-30L-14 4H0L-6 30L14-4H0Z';
  return (
    `<g transform="translate(1052 148)">` +
    `<circle r="64" fill="#fff" fill-opacity=".12" stroke="#fff" stroke-opacity=".45" stroke-width="2"/>` +
    `<circle r="52" fill="none" stroke="${glow}" stroke-opacity=".55" stroke-width="1.5" stroke-dasharray="3 7"/>` +
    `<path d="${bolt}" transform="scale(1.25)" fill="#fff" fill-opacity=".92" stroke-linejoin="round"/>` +
    `</g>`
  );
}

/** Bokeh: soft out-of-focus light behind the subject. */
function bokehSvg(rand: ReturnType<typeof prng>, glow: Hsl, accent: Hsl, dh: number): string {
  const bokeh: string[] = [];
  const bokehCount = 10 + Math.floor(rand.next() * 12);
  for (let i = 0; i < bokehCount; i++) {
    const r = rand.range(14, 90) * (rand.next() < 0.2 ? 1.8 : 1);
    const x = rand.range(-40, SIZE + 40);
    const y = rand.range(-40, SIZE * 0.82);
    const useAccent = rand.next() < 0.45;
    const opacity = Math.round(rand.range(0.08, 0.28) * 100) / 100;
    // Large discs are out of focus (soft edge); some small ones keep a crisp rim.
    if (r > 50 || rand.next() < 0.5) {
      bokeh.push(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 1.2)}" fill="url(#${useAccent ? 'bokehAccent' : 'bokehGlow'})" fill-opacity="${opacity}"/>`);
    } else {
      const colour = useAccent ? hsl(accent) : hsl(glow, dh);
      bokeh.push(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${colour}" fill-opacity="${opacity}" stroke="#fff" stroke-opacity=".18" stroke-width="1.5"/>`);
    }
  }
  return bokeh.join('');
}

/** A small heap of seeds in front of the leaf, or beside it (`leaningTo` -1 or 1) when the leaf leans; back ones drawn first. */
function seedHeapSvg(rand: ReturnType<typeof prng>, leaningTo: number): string {
  const seedCount = 2 + Math.floor(rand.next() * 5);
  const heapX = leaningTo ? 600 + leaningTo * rand.range(120, 170) : 600;
  const heap = Array.from({ length: seedCount }, (_, i) => {
    const s = seedCount === 1 ? 0 : (i / (seedCount - 1)) * 2 - 1;
    return {
      x: heapX + s * (50 + seedCount * 26) + rand.range(-22, 22),
      y: 950 + (1 - Math.abs(s)) * rand.range(10, 60) + rand.range(-22, 22),
      size: rand.range(60, 74),
      rotation: rand.range(-35, 35) + (rand.next() < 0.5 ? 180 : 0),
    };
  }).sort((a, b) => a.y - b.y);
  return heap.map((h) => seedShadow(h.x, h.y, h.size)).join('') + heap.map((h, i) => seedSvg(rand, h.x, h.y, h.size, h.rotation, i)).join('');
}

/** The gradients the artwork paints with, from the strain's palette, hue drift and accent. */
function artworkDefs(pal: Palette, dh: number, accent: Hsl, centreX: number, centreY: number): string {
  return (
    `<defs>` +
    `<radialGradient id="bg" cx="${n(centreX)}" cy="${n(centreY)}" r="${n(SIZE * 0.95)}" gradientUnits="userSpaceOnUse">` +
    `<stop offset="0" stop-color="${hsl(pal.centre, dh, 4, 8)}"/>` +
    `<stop offset=".45" stop-color="${hsl(mixHsl(pal.centre, pal.edge, 0.5), dh)}"/>` +
    `<stop offset="1" stop-color="${hsl(pal.edge, dh)}"/>` +
    `</radialGradient>` +
    `<radialGradient id="halo" cx="600" cy="560" r="470" gradientUnits="userSpaceOnUse">` +
    `<stop offset="0" stop-color="${hsl(pal.glow, dh)}" stop-opacity=".5"/>` +
    `<stop offset=".6" stop-color="${hsl(pal.glow, dh)}" stop-opacity=".14"/>` +
    `<stop offset="1" stop-color="${hsl(pal.glow, dh)}" stop-opacity="0"/>` +
    `</radialGradient>` +
    `<linearGradient id="leaf" x1="0" y1="1" x2="0" y2="0">` +
    `<stop offset="0" stop-color="${hsl(pal.leafBase, dh * 0.5)}"/>` +
    `<stop offset=".55" stop-color="${hsl(mixHsl(pal.leafBase, pal.leafTip, 0.6), dh * 0.5)}"/>` +
    `<stop offset="1" stop-color="${hsl(pal.leafTip, dh * 0.5)}"/>` +
    `</linearGradient>` +
    `<linearGradient id="stem" x1="0" y1="0" x2="1" y2="0">` +
    `<stop offset="0" stop-color="${hsl(pal.leafBase, 0, 0, -4)}"/>` +
    `<stop offset=".5" stop-color="${hsl(pal.leafBase, -10, -10, 14)}"/>` +
    `<stop offset="1" stop-color="${hsl(pal.leafBase, 0, 0, -6)}"/>` +
    `</linearGradient>` +
    `<linearGradient id="seed" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="#b3a48e"/>` +
    `<stop offset="1" stop-color="#7b6a55"/>` +
    `</linearGradient>` +
    `<radialGradient id="seedShade" cx=".42" cy=".36" r=".72">` +
    `<stop offset=".45" stop-color="#140d08" stop-opacity="0"/>` +
    `<stop offset="1" stop-color="#140d08" stop-opacity=".75"/>` +
    `</radialGradient>` +
    `<radialGradient id="vignette" cx="600" cy="600" r="850" gradientUnits="userSpaceOnUse">` +
    `<stop offset=".55" stop-color="#000" stop-opacity="0"/>` +
    `<stop offset="1" stop-color="#000" stop-opacity=".45"/>` +
    `</radialGradient>` +
    // Soft shapes come from gradients, not blur filters: filters made 3072 px renders take 15 s.
    `<radialGradient id="shade"><stop offset="0" stop-color="#000"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="shine"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="bokehGlow"><stop offset="0" stop-color="${hsl(pal.glow, dh)}"/><stop offset=".6" stop-color="${hsl(pal.glow, dh)}" stop-opacity=".8"/><stop offset="1" stop-color="${hsl(pal.glow, dh)}" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="bokehAccent"><stop offset="0" stop-color="${hsl(accent)}"/><stop offset=".6" stop-color="${hsl(accent)}" stop-opacity=".8"/><stop offset="1" stop-color="${hsl(accent)}" stop-opacity="0"/></radialGradient>` +
    `</defs>`
  );
}

/** A 1200×1200 SVG product illustration for one strain, without text or external references. */
export function strainArtworkSvg(p: ArtworkInput): string {
  const rand = prng(hashString(p.slug));
  const indica = Math.min(100, Math.max(0, p.indicaPercent));
  // Small per-strain hue drift, so two hybrids side by side are not identical.
  const dh = rand.range(-12, 12);
  // Colours from the strain's flavours: the first flavour tints the whole backdrop (berry turns it purple,
  // citrus golden, diesel steel blue), the second colours the highlights.
  const hues = [...p.flavours, ...(p.terpenes ?? [])].map((f) => FLAVOUR_HUES.find(([re]) => re.test(f.toLowerCase()))?.[1]).filter((h): h is number => h !== undefined);
  const pal = tintPalette(PALETTES[p.type], hues[0]);
  const accentHue = hues[1] ?? hues[0];
  const accent: Hsl = accentHue === undefined ? pal.glow : [accentHue, 85, 70];

  // Composition from the slug: one leaf, two crossed leaves, or a leaf leaning to one side with the seeds
  // beside it; the backdrop pattern likewise. A grid of cards looks curated, not copied.
  const composition = (['single', 'pair', 'leaning'] as const)[Math.floor(rand.next() * 3)]!;
  const pattern = (['rings', 'rays', 'dots'] as const)[Math.floor(rand.next() * 3)]!;
  const side = rand.next() < 0.5 ? -1 : 1;

  const centreX = rand.range(440, 760);
  const centreY = rand.range(360, 560);

  const bokeh = bokehSvg(rand, pal.glow, accent, dh);

  const rings = backdrop(pattern, rand, hsl(accent));

  // Broader leaflets for indica, slender and more of them for sativa: the real botanical difference.
  const broadness = 0.075 + (indica / 100) * 0.1;
  const fingerCount = indica >= 70 ? 7 : indica >= 45 ? (rand.next() < 0.5 ? 7 : 9) : 9;
  const leafScale = rand.range(0.9, 1.02);
  const lean = composition === 'leaning' ? side * rand.range(16, 28) : rand.range(-12, 12);
  const leafX = composition === 'leaning' ? 600 - side * rand.range(40, 90) : 600 + rand.range(-20, 20);
  const second =
    composition === 'pair'
      ? leafSvg(rand, 600 + side * rand.range(150, 210), 760, leafScale * 0.72, side * rand.range(32, 46), broadness, fingerCount === 9 ? 7 : 5)
      : '';
  const leaf = second + leafSvg(rand, leafX, 700, composition === 'pair' ? leafScale * 0.94 : leafScale, lean, broadness, fingerCount);

  const seeds = seedHeapSvg(rand, composition === 'leaning' ? side : 0);

  const autoflower = p.flowering === 'autoflower';

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">` +
    artworkDefs(pal, dh, accent, centreX, centreY) +
    `<rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>` +
    bokeh +
    `<circle cx="600" cy="560" r="470" fill="url(#halo)"/>` +
    rings +
    `<ellipse cx="600" cy="985" rx="400" ry="70" fill="url(#shade)" fill-opacity=".45"/>` +
    leaf +
    seeds +
    (autoflower ? autoflowerBadge(hsl(accent)) : '') +
    `<rect width="${SIZE}" height="${SIZE}" fill="url(#vignette)"/>` +
    `</svg>`
  );
}
