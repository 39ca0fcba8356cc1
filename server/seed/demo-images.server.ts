import { randomBytes } from "node:crypto";
import { escapeMarkup } from "#common/format.ts";
import { loadSharp } from "#server/storage/image-variants.server.ts";
import type { UploadStore } from "#server/storage/upload-store.server.ts";

/**
 * Artwork for the demo content, drawn as SVG and rasterised with sharp at seed time, so the
 * repository ships no binary images and every demo post, app and card has a picture.
 * The look follows the site's identity: night-sky backgrounds, bright block colours, a pixel
 * grid and big bold titles. Only generic font families are named because a server may have
 * no particular font installed.
 */

export type Palette = {
  /** Dark background, top-left to bottom-right. */
  background: [string, string];
  /** Bright colour for the label, the glow and the pixels. */
  accent: string;
  /** Shades of the block's top face, light to dark. */
  top: string[];
  /** Shades of the block's sides, light to dark. */
  side: string[];
};

export const PALETTES = {
  grass: {
    background: ["#07120c", "#0f2a1b"],
    accent: "#4ade80",
    top: ["#86efac", "#4ade80", "#22c55e", "#16a34a"],
    side: ["#a16207", "#854d0e", "#713f12", "#5c3310"],
  },
  diamond: {
    background: ["#061317", "#0b2a33"],
    accent: "#22d3ee",
    top: ["#a5f3fc", "#67e8f9", "#22d3ee", "#0891b2"],
    side: ["#64748b", "#52606f", "#475569", "#334155"],
  },
  gold: {
    background: ["#140f04", "#2d2106"],
    accent: "#facc15",
    top: ["#fef08a", "#fde047", "#facc15", "#eab308"],
    side: ["#ca8a04", "#a16207", "#854d0e", "#713f12"],
  },
  redstone: {
    background: ["#150707", "#2e0c0c"],
    accent: "#f87171",
    top: ["#fca5a5", "#f87171", "#ef4444", "#dc2626"],
    side: ["#57534e", "#44403c", "#3f3a36", "#292524"],
  },
  amethyst: {
    background: ["#0f0818", "#241238"],
    accent: "#c084fc",
    top: ["#e9d5ff", "#d8b4fe", "#c084fc", "#a855f7"],
    side: ["#7e22ce", "#6b21a8", "#581c87", "#4c1d95"],
  },
  frost: {
    background: ["#070d18", "#102242"],
    accent: "#93c5fd",
    top: ["#f8fafc", "#e0f2fe", "#bae6fd", "#93c5fd"],
    side: ["#60a5fa", "#3b82f6", "#2563eb", "#1d4ed8"],
  },
  moss: {
    background: ["#0a0f08", "#1c2a14"],
    accent: "#a3e635",
    top: ["#d9f99d", "#a3e635", "#84cc16", "#65a30d"],
    side: ["#78716c", "#57534e", "#44403c", "#3f6212"],
  },
} satisfies Record<string, Palette>;

export type PaletteName = keyof typeof PALETTES;

/** What sits on the right-hand side of a banner. */
export type BannerArt = "block" | "play" | "sprite";

export type BannerSpec = {
  kind: "banner";
  title: string;
  /** Short label above the title, e.g. the pack type. */
  label: string;
  /** Small line at the bottom, e.g. the studio's name. */
  footer: string;
  palette: PaletteName;
  art: BannerArt;
  /** Anything stable (the slug): the same seed always gives the same picture. */
  seed: string;
};

export type LogoSpec = { kind: "logo"; palette: PaletteName; seed: string };

export type ImageSpec = BannerSpec | LogoSpec;

export const BANNER_SIZE = { width: 1200, height: 630 } as const;
export const LOGO_SIZE = { width: 256, height: 256 } as const;

/** How many images are rasterised at once: enough to keep two cores busy, not to swamp them. */
const BATCH_SIZE = 4;

/** A fresh, unguessable file name for a generated image, e.g. demo-skyforge-citadel-3f9a1c.png. */
export function demoImageName(stem: string): string {
  return `demo-${stem}-${randomBytes(3).toString("hex")}.png`;
}

/** Draws every image and stores it under its name; resolves when all are stored. */
export async function writeDemoImages(
  uploads: UploadStore,
  images: { file: string; spec: ImageSpec }[],
): Promise<void> {
  const sharp = await loadSharp();
  for (let start = 0; start < images.length; start += BATCH_SIZE) {
    await Promise.all(
      images.slice(start, start + BATCH_SIZE).map(({ file, spec }) =>
        sharp(Buffer.from(renderSvg(spec)))
          .png({ compressionLevel: 6, adaptiveFiltering: false })
          .toBuffer()
          .then((png) => uploads.put(file, png, "image/png")),
      ),
    );
  }
}

/** The SVG source of one image. */
export function renderSvg(spec: ImageSpec): string {
  return spec.kind === "banner" ? renderBanner(spec) : renderLogo(spec);
}

function renderBanner(spec: BannerSpec): string {
  const { width, height } = BANNER_SIZE;
  const palette: Palette = PALETTES[spec.palette];
  const random = randomFrom(spec.seed);
  const cell = 30;

  // Loose pixels drifting in from the right edge, denser towards it. Shapes are made see-through
  // with `fill-opacity`, never `opacity`: librsvg draws an element with `opacity` on a canvas of
  // its own, as large as the image, which allocators that give memory back at once (jemalloc,
  // as `npm start` runs the server) hand out fresh each time: 13 s for the demo's images
  // instead of 1 s. With one fill and no stroke the two look the same.
  const pixels: string[] = [];
  for (let x = 600; x < width; x += cell) {
    for (let y = 0; y < height - cell; y += cell) {
      const density = ((x - 600) / (width - 600)) * 0.35;
      if (random() > density) continue;
      const colour = pick(random, [...palette.top, palette.accent]);
      const opacity = (0.12 + random() * 0.3).toFixed(2);
      pixels.push(
        `<rect x="${x}" y="${y}" width="${cell}" height="${cell}" fill="${colour}" fill-opacity="${opacity}"/>`,
      );
    }
  }

  // A strip of ground blocks along the bottom edge.
  const ground: string[] = [];
  for (let x = 0; x < width; x += cell) {
    const colour = pick(random, palette.side);
    ground.push(
      `<rect x="${x}" y="${height - cell}" width="${cell}" height="${cell}" fill="${colour}"/>`,
    );
    if (random() < 0.7) {
      ground.push(
        `<rect x="${x}" y="${height - cell}" width="${cell}" height="8" fill="${pick(random, palette.top)}"/>`,
      );
    }
  }

  const fontSize = spec.title.length > 34 ? 58 : spec.title.length > 20 ? 68 : 80;
  // Bold sans-serif averages about 0.64 em per character; the art starts at x = 700.
  const lines = wrap(spec.title, Math.floor(580 / (fontSize * 0.64)), 3);
  const titleTop = 300 - ((lines.length - 1) * fontSize * 1.08) / 2;
  const title = lines
    .map(
      (line, i) =>
        `<text x="72" y="${Math.round(titleTop + i * fontSize * 1.08)}" font-size="${fontSize}">${escapeMarkup(line)}</text>`,
    )
    .join("");
  const labelWidth = Math.round(spec.label.length * 15.5 + 40);

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.background[0]}"/><stop offset="1" stop-color="${palette.background[1]}"/></linearGradient>
<radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="${palette.accent}" stop-opacity="0.45"/><stop offset="1" stop-color="${palette.accent}" stop-opacity="0"/></radialGradient>
<pattern id="grid" width="${cell}" height="${cell}" patternUnits="userSpaceOnUse"><path d="M ${cell} 0 L 0 0 0 ${cell}" fill="none" stroke="#ffffff" stroke-opacity="0.05" stroke-width="1"/></pattern>
</defs>
<rect width="${width}" height="${height}" fill="url(#bg)"/>
<rect width="${width}" height="${height}" fill="url(#grid)"/>
${pixels.join("")}
<circle cx="900" cy="300" r="300" fill="url(#glow)"/>
${bannerArt(spec, palette, random)}
${ground.join("")}
<rect x="72" y="${Math.round(titleTop - fontSize - 58)}" width="${labelWidth}" height="40" fill="${palette.accent}"/>
<text x="92" y="${Math.round(titleTop - fontSize - 30)}" font-family="monospace" font-weight="700" font-size="22" letter-spacing="3" fill="#07090d">${escapeMarkup(spec.label.toUpperCase())}</text>
<g font-family="sans-serif" font-weight="800" fill="#ffffff">${title}</g>
<rect x="72" y="${height - 96}" width="12" height="12" fill="${palette.accent}"/>
<text x="96" y="${height - 85}" font-family="sans-serif" font-weight="700" font-size="24" fill="#d4d4d8">${escapeMarkup(spec.footer)}</text>
</svg>`;
}

function bannerArt(spec: BannerSpec, palette: Palette, random: () => number): string {
  if (spec.art === "play") return playButton(palette, random);
  if (spec.art === "sprite") {
    // A fresh generator, so an app's banner shows the same creature as its logo.
    return sprite(palette, randomFrom(spec.seed), { x: 740, y: 100, cell: 40, size: 8 });
  }
  return isometricBlock(palette, random, { cx: 900, cy: 300, edge: 190, cells: 6 });
}

/**
 * A block seen from above at the usual isometric angle, each face a grid of slightly different
 * shades (light top, mid left, dark right) so it reads as a textured cube.
 */
function isometricBlock(
  palette: Palette,
  random: () => number,
  { cx, cy, edge, cells }: { cx: number; cy: number; edge: number; cells: number },
): string {
  const c = Math.cos(Math.PI / 6) * edge;
  const h = edge / 2;
  const top = { x: cx, y: cy - edge };
  // u runs down-right, v down-left, w straight down; each face is spanned by two of them.
  const u = [c, h];
  const v = [-c, h];
  const w = [0, edge];
  const face = (
    origin: { x: number; y: number },
    a: number[],
    b: number[],
    shades: string[],
    darken: number,
    grassRows = 0,
  ) => {
    const rects: string[] = [];
    for (let row = 0; row < cells; row++) {
      for (let col = 0; col < cells; col++) {
        const colour =
          row < grassRows && random() < 0.8 ? pick(random, palette.top) : pick(random, shades);
        rects.push(`<rect x="${col}" y="${row}" width="1.02" height="1.02" fill="${colour}"/>`);
      }
    }
    const m = [a[0], a[1], b[0], b[1]].map((n) => ((n ?? 0) / cells).toFixed(3));
    return `<g transform="matrix(${m.join(" ")} ${origin.x.toFixed(1)} ${origin.y.toFixed(1)})">${rects.join("")}<rect width="${cells}" height="${cells}" fill="#000000" fill-opacity="${darken}"/></g>`;
  };
  const left = { x: top.x + (v[0] ?? 0), y: top.y + (v[1] ?? 0) };
  const centre = { x: left.x + (u[0] ?? 0), y: left.y + (u[1] ?? 0) };
  return [
    face(top, u, v, palette.top, 0),
    face(left, u, w, palette.side, 0.15, 2),
    face(centre, [-(v[0] ?? 0), -(v[1] ?? 0)], w, palette.side, 0.35, 2),
  ].join("");
}

/** A chunky play button on a screen, for video posts. */
function playButton(palette: Palette, random: () => number): string {
  const x = 730;
  const y = 130;
  const w = 380;
  const h = 260;
  const border: string[] = [];
  for (let i = 0; i < w; i += 20) {
    border.push(
      `<rect x="${x + i}" y="${y - 20}" width="20" height="20" fill="${pick(random, palette.top)}"/>`,
    );
    border.push(
      `<rect x="${x + i}" y="${y + h}" width="20" height="20" fill="${pick(random, palette.top)}"/>`,
    );
  }
  for (let j = -20; j < h + 20; j += 20) {
    border.push(
      `<rect x="${x - 20}" y="${y + j}" width="20" height="20" fill="${pick(random, palette.top)}"/>`,
    );
    border.push(
      `<rect x="${x + w}" y="${y + j}" width="20" height="20" fill="${pick(random, palette.top)}"/>`,
    );
  }
  const cx = x + w / 2;
  const cy = y + h / 2;
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#07090d" fill-opacity="0.85"/>${border.join("")}
<rect x="${cx - 70}" y="${cy - 50}" width="140" height="100" rx="24" fill="#ef4444"/>
<path d="M ${cx - 18} ${cy - 26} L ${cx + 30} ${cy} L ${cx - 18} ${cy + 26} Z" fill="#ffffff"/>
<rect x="${x + 30}" y="${y + h - 40}" width="${w - 60}" height="8" fill="#ffffff" fill-opacity="0.25"/>
<rect x="${x + 30}" y="${y + h - 40}" width="${Math.round((w - 60) * (0.2 + random() * 0.5))}" height="8" fill="#ef4444"/>`;
}

/** A left-right symmetric pixel creature, like an identicon, unique to the seed. */
function sprite(
  palette: Palette,
  random: () => number,
  { x, y, cell, size }: { x: number; y: number; cell: number; size: number },
): string {
  const rects: string[] = [];
  const half = Math.ceil(size / 2);
  const colours = [...palette.top, palette.accent];
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < half; col++) {
      // Keep the middle columns fuller so the shape holds together.
      const chance = col >= half - 2 ? 0.75 : 0.45;
      if (random() > chance) continue;
      const colour = pick(random, colours);
      for (const c of new Set([col, size - 1 - col])) {
        rects.push(
          `<rect x="${x + c * cell}" y="${y + row * cell}" width="${cell}" height="${cell}" fill="${colour}"/>`,
        );
      }
    }
  }
  // Two eyes make almost any blob look like a character.
  const eyeRow = Math.floor(size / 3);
  for (const c of [half - 2, size - half + 1]) {
    rects.push(
      `<rect x="${x + c * cell}" y="${y + eyeRow * cell}" width="${cell}" height="${cell}" fill="#07090d"/>`,
    );
  }
  return rects.join("");
}

function renderLogo(spec: LogoSpec): string {
  const { width, height } = LOGO_SIZE;
  const palette: Palette = PALETTES[spec.palette];
  const random = randomFrom(spec.seed);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.background[0]}"/><stop offset="1" stop-color="${palette.background[1]}"/></linearGradient></defs>
<rect width="${width}" height="${height}" rx="40" fill="url(#bg)"/>
<rect x="4" y="4" width="${width - 8}" height="${height - 8}" rx="36" fill="none" stroke="${palette.accent}" stroke-opacity="0.5" stroke-width="4"/>
${sprite(palette, random, { x: 40, y: 40, cell: 22, size: 8 })}
</svg>`;
}

/** Splits text into at most `maxLines` lines of about `perLine` characters, on word breaks. */
function wrap(text: string, perLine: number, maxLines: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= perLine) {
      lines[lines.length - 1] = `${last} ${word}`;
    } else {
      lines.push(word);
    }
  }
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]}…`;
  return kept;
}

/** A small deterministic random number generator (FNV-1a hash of the seed, then mulberry32). */
function randomFrom(seed: string): () => number {
  let state = 2166136261;
  for (let i = 0; i < seed.length; i++) {
    state = Math.imul(state ^ seed.charCodeAt(i), 16777619);
  }
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}
