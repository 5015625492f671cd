import sharp from "sharp";

/**
 * Generated artwork for the demo club: abstract, text-free pictures drawn as SVG and rendered by
 * sharp, so a fresh installation has photographs-like imagery without shipping binary files.
 */
export type ArtworkStyle = "code" | "waves" | "orbits" | "blocks" | "portrait" | "circuit";

export interface ArtworkOptions {
  style: ArtworkStyle;
  width: number;
  height: number;
  /** Any string: the same seed always draws the same picture. */
  seed: string;
  palette?: number;
}

const palettes = [
  { bg: ["#0d1b4c", "#2448d8"], ink: ["#7d97ff", "#3ddc7a", "#ffd166", "#ffffff"] },
  { bg: ["#14101f", "#5b2a86"], ink: ["#ff6b9a", "#ffd166", "#7ce7ff", "#ffffff"] },
  { bg: ["#062a23", "#0f7a55"], ink: ["#3ddc7a", "#c6f6d5", "#ffd166", "#ffffff"] },
  { bg: ["#2b1208", "#c2410c"], ink: ["#ffd6a5", "#ffe66d", "#ffffff", "#1d3557"] },
  { bg: ["#0b132b", "#1c2541"], ink: ["#5bc0be", "#6fffe9", "#ffffff", "#f4a261"] },
  { bg: ["#f1f4ff", "#c9d6ff"], ink: ["#2448d8", "#14a44d", "#ff6b6b", "#12151c"] },
];

export function paletteCount(): number {
  return palettes.length;
}

function random(seed: string): () => number {
  let state = 2166136261;
  for (const char of seed) state = Math.imul(state ^ char.charCodeAt(0), 16777619);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function artworkSvg({ style, width, height, seed, palette }: ArtworkOptions): string {
  const rand = random(`${style}:${seed}`);
  const colors = palettes[(palette ?? Math.floor(rand() * palettes.length)) % palettes.length] ?? palettes[0];
  if (!colors) throw new Error("no palette");
  const pick = () => colors.ink[Math.floor(rand() * colors.ink.length)] ?? "#ffffff";
  const angle = Math.floor(rand() * 360);
  const shapes: string[] = [];

  switch (style) {
    case "code": {
      const lineHeight = Math.round(height / 22);
      let y = lineHeight * 2;
      let indent = 0;
      while (y < height - lineHeight) {
        let x = width * 0.08 + indent * lineHeight * 1.6;
        const tokens = 1 + Math.floor(rand() * 5);
        for (let token = 0; token < tokens && x < width * 0.92; token += 1) {
          const length = lineHeight * (1 + rand() * 5);
          shapes.push(
            `<rect x="${x.toFixed(1)}" y="${y}" width="${length.toFixed(1)}" height="${Math.round(lineHeight * 0.45)}" rx="${Math.round(lineHeight * 0.22)}" fill="${pick()}" opacity="${(0.55 + rand() * 0.45).toFixed(2)}"/>`,
          );
          x += length + lineHeight * 0.6;
        }
        const change = rand();
        indent = Math.max(0, Math.min(4, indent + (change < 0.3 ? 1 : change > 0.75 ? -1 : 0)));
        y += lineHeight;
      }
      shapes.push(
        `<rect x="${width * 0.08}" y="${y}" width="${lineHeight * 0.5}" height="${lineHeight * 0.7}" fill="${colors.ink[1]}"/>`,
      );
      break;
    }
    case "waves": {
      for (let layer = 0; layer < 6; layer += 1) {
        const base = height * (0.35 + layer * 0.11);
        const amplitude = height * (0.04 + rand() * 0.08);
        const frequency = 1 + rand() * 2.5;
        const phase = rand() * Math.PI * 2;
        let d = `M0 ${height}`;
        for (let x = 0; x <= width; x += width / 48) {
          const y = base + Math.sin((x / width) * Math.PI * 2 * frequency + phase) * amplitude;
          d += ` L${x.toFixed(1)} ${y.toFixed(1)}`;
        }
        d += ` L${width} ${height} Z`;
        shapes.push(`<path d="${d}" fill="${pick()}" opacity="${(0.18 + layer * 0.1).toFixed(2)}"/>`);
      }
      break;
    }
    case "orbits": {
      const cx = width * (0.3 + rand() * 0.4);
      const cy = height * (0.3 + rand() * 0.4);
      for (let ring = 1; ring <= 9; ring += 1) {
        const r = Math.min(width, height) * 0.07 * ring;
        shapes.push(
          `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${r.toFixed(1)}" fill="none" stroke="${pick()}" stroke-width="${(1.5 + rand() * 4).toFixed(1)}" stroke-dasharray="${Math.round(rand() * 40 + 4)} ${Math.round(rand() * 30 + 6)}" opacity="0.75"/>`,
        );
        const planet = rand() * Math.PI * 2;
        shapes.push(
          `<circle cx="${(cx + Math.cos(planet) * r).toFixed(1)}" cy="${(cy + Math.sin(planet) * r).toFixed(1)}" r="${(4 + rand() * 14).toFixed(1)}" fill="${pick()}"/>`,
        );
      }
      break;
    }
    case "blocks": {
      const size = Math.round(Math.min(width, height) / (6 + Math.floor(rand() * 4)));
      for (let x = 0; x < width; x += size) {
        for (let y = 0; y < height; y += size) {
          if (rand() < 0.42) continue;
          const inset = size * 0.08;
          shapes.push(
            `<rect x="${x + inset}" y="${y + inset}" width="${size - inset * 2}" height="${size - inset * 2}" rx="${size * 0.16}" fill="${pick()}" opacity="${(0.25 + rand() * 0.7).toFixed(2)}"/>`,
          );
        }
      }
      break;
    }
    case "circuit": {
      const step = Math.round(Math.min(width, height) / 14);
      for (let trace = 0; trace < 26; trace += 1) {
        let x = Math.round((rand() * width) / step) * step;
        let y = Math.round((rand() * height) / step) * step;
        let d = `M${x} ${y}`;
        for (let turn = 0; turn < 6; turn += 1) {
          if (rand() < 0.5) x += (rand() < 0.5 ? -1 : 1) * step * (1 + Math.floor(rand() * 3));
          else y += (rand() < 0.5 ? -1 : 1) * step * (1 + Math.floor(rand() * 3));
          d += ` L${x} ${y}`;
        }
        const color = pick();
        shapes.push(
          `<path d="${d}" fill="none" stroke="${color}" stroke-width="${Math.max(2, step / 10)}" stroke-linejoin="round" opacity="0.8"/>`,
          `<circle cx="${x}" cy="${y}" r="${step / 5}" fill="${colors.bg[0]}" stroke="${color}" stroke-width="${Math.max(2, step / 12)}"/>`,
        );
      }
      break;
    }
    case "portrait": {
      const skin = ["#f2d0b5", "#e0b08e", "#c98e6a", "#a86b4a", "#f5dccb"][Math.floor(rand() * 5)];
      const hair = ["#1d1d24", "#3b2a20", "#5a3d2b", "#141414", "#6b4b35"][Math.floor(rand() * 5)];
      const shirt = pick();
      const cx = width / 2;
      const headR = width * 0.19;
      const headY = height * 0.42;
      shapes.push(
        `<ellipse cx="${cx}" cy="${height * 1.02}" rx="${width * 0.38}" ry="${height * 0.3}" fill="${shirt}"/>`,
        `<rect x="${cx - headR * 0.38}" y="${headY + headR * 0.6}" width="${headR * 0.76}" height="${headR * 0.9}" fill="${skin}"/>`,
        `<circle cx="${cx}" cy="${headY}" r="${headR}" fill="${skin}"/>`,
        `<path d="M${cx - headR * 1.05} ${headY} A${headR * 1.05} ${headR * 1.1} 0 0 1 ${cx + headR * 1.05} ${headY} Q${cx + headR * 0.4} ${headY - headR * (0.2 + rand() * 0.4)} ${cx - headR * 1.05} ${headY} Z" fill="${hair}"/>`,
      );
      break;
    }
  }

  const glowX = Math.round(rand() * 100);
  const glowY = Math.round(rand() * 100);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>
<linearGradient id="bg" gradientTransform="rotate(${angle} 0.5 0.5)"><stop offset="0" stop-color="${colors.bg[0]}"/><stop offset="1" stop-color="${colors.bg[1]}"/></linearGradient>
<radialGradient id="glow" cx="${glowX}%" cy="${glowY}%" r="60%"><stop offset="0" stop-color="#ffffff" stop-opacity="0.22"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
</defs>
<rect width="100%" height="100%" fill="url(#bg)"/>
${shapes.join("\n")}
<rect width="100%" height="100%" fill="url(#glow)"/>
</svg>`;
}

/** Renders the artwork as PNG bytes, ready for `processImage`. */
export function renderArtwork(options: ArtworkOptions): Promise<Buffer> {
  return sharp(Buffer.from(artworkSvg(options)))
    .png({ compressionLevel: 0 })
    .toBuffer();
}
