import 'server-only';
import type { Motif } from './themes';

/**
 * Genre motifs for generated covers, drawn into the box (x, y, w, h) in flat shapes of the palette's light and
 * accent colours, kept translucent so the title over or beside them stays readable.
 */
export function motifSvg(motif: Motif, x: number, y: number, w: number, h: number, light: string, accent: string): string {
  const px = (f: number) => +(x + f * w).toFixed(1);
  const py = (f: number) => +(y + f * h).toFixed(1);
  const pts = (list: Array<[number, number]>) => list.map(([a, b]) => `${px(a)},${py(b)}`).join(' ');
  switch (motif) {
    case 'peaks':
      return (
        `<circle cx="${px(0.72)}" cy="${py(0.3)}" r="${(w * 0.12).toFixed(1)}" fill="${accent}" opacity="0.85"/>` +
        `<polygon points="${pts([
          [0, 1],
          [0.3, 0.38],
          [0.55, 0.78],
          [0.75, 0.5],
          [1, 1],
        ])}" fill="${light}" opacity="0.55"/>` +
        `<polygon points="${pts([
          [0, 1],
          [0.18, 0.62],
          [0.42, 1],
        ])}" fill="${light}" opacity="0.35"/>`
      );
    case 'skyline': {
      const bars: Array<[number, number, number]> = [
        [0.02, 0.55, 0.12],
        [0.16, 0.3, 0.14],
        [0.32, 0.45, 0.1],
        [0.44, 0.18, 0.16],
        [0.62, 0.4, 0.12],
        [0.76, 0.25, 0.1],
        [0.88, 0.5, 0.1],
      ];
      const windows = bars
        .map(
          ([l, t, bw]) =>
            `<rect x="${px(l + bw * 0.3)}" y="${py(t + 0.08)}" width="${(w * bw * 0.4).toFixed(1)}" height="${(h * 0.04).toFixed(1)}" fill="${accent}" opacity="0.8"/>`,
        )
        .join('');
      return (
        bars
          .map(
            ([l, t, bw]) =>
              `<rect x="${px(l)}" y="${py(t)}" width="${(w * bw).toFixed(1)}" height="${(h * (1 - t)).toFixed(1)}" fill="${light}" opacity="0.45"/>`,
          )
          .join('') + windows
      );
    }
    case 'orbit':
      return (
        `<circle cx="${px(0.5)}" cy="${py(0.55)}" r="${(Math.min(w, h) * 0.26).toFixed(1)}" fill="${light}" opacity="0.5"/>` +
        `<ellipse cx="${px(0.5)}" cy="${py(0.55)}" rx="${(w * 0.46).toFixed(1)}" ry="${(h * 0.1).toFixed(1)}" fill="none" stroke="${accent}" stroke-width="${(w * 0.02).toFixed(1)}" opacity="0.9" transform="rotate(-18 ${px(0.5)} ${py(0.55)})"/>` +
        [0.12, 0.86, 0.3, 0.78]
          .map((f, i) => `<circle cx="${px(f)}" cy="${py(0.12 + i * 0.07)}" r="${(w * 0.012).toFixed(1)}" fill="${accent}"/>`)
          .join('')
      );
    case 'moon':
      return (
        `<circle cx="${px(0.62)}" cy="${py(0.4)}" r="${(w * 0.22).toFixed(1)}" fill="${accent}" opacity="0.85"/>` +
        `<circle cx="${px(0.52)}" cy="${py(0.34)}" r="${(w * 0.2).toFixed(1)}" fill="${light}" opacity="0.9"/>` +
        `<path d="M${px(0)} ${py(0.85)} Q ${px(0.3)} ${py(0.7)} ${px(0.55)} ${py(0.86)} T ${px(1)} ${py(0.82)} L ${px(1)} ${py(1)} L ${px(0)} ${py(1)} Z" fill="${light}" opacity="0.35"/>`
      );
    case 'blossom': {
      const flower = (cx: number, cy: number, r: number) =>
        [0, 72, 144, 216, 288]
          .map((deg) => {
            const a = (deg * Math.PI) / 180;
            return `<circle cx="${px(cx + Math.cos(a) * r)}" cy="${py(cy + Math.sin(a) * r * (w / h))}" r="${(w * r * 0.9).toFixed(1)}" fill="${accent}" opacity="0.55"/>`;
          })
          .join('') + `<circle cx="${px(cx)}" cy="${py(cy)}" r="${(w * r * 0.5).toFixed(1)}" fill="${light}"/>`;
      return flower(0.72, 0.45, 0.12) + flower(0.28, 0.75, 0.09) + flower(0.85, 0.85, 0.06);
    }
    case 'roofs':
      return [0.25, 0.5, 0.75]
        .map((t, i) => {
          const half = 0.18 + i * 0.08;
          return `<path d="M${px(0.5 - half)} ${py(t)} Q ${px(0.5)} ${py(t - 0.1)} ${px(0.5 + half)} ${py(t)} L ${px(0.5 + half - 0.04)} ${py(t + 0.06)} L ${px(0.5 - half + 0.04)} ${py(t + 0.06)} Z" fill="${i === 0 ? accent : light}" opacity="${0.75 - i * 0.15}"/>`;
        })
        .join('');
    case 'rays':
      return (
        Array.from({ length: 9 }, (_, i) => {
          const a = (-80 + i * 20) * (Math.PI / 180);
          return `<line x1="${px(0.5)}" y1="${py(1)}" x2="${px(0.5 + Math.sin(a) * 0.7)}" y2="${py(1 - Math.cos(a) * 0.9)}" stroke="${light}" stroke-width="${(w * 0.025).toFixed(1)}" opacity="0.35"/>`;
        }).join('') + `<circle cx="${px(0.5)}" cy="${py(1)}" r="${(w * 0.22).toFixed(1)}" fill="${accent}" opacity="0.9"/>`
      );
    case 'spiral':
      return [0.42, 0.32, 0.22, 0.12]
        .map(
          (r, i) =>
            `<circle cx="${px(0.55)}" cy="${py(0.5)}" r="${(w * r).toFixed(1)}" fill="none" stroke="${i % 2 ? accent : light}" stroke-width="${(w * 0.02).toFixed(1)}" stroke-dasharray="${(w * r * 3).toFixed(1)} ${(w * r * 1.2).toFixed(1)}" opacity="0.6"/>`,
        )
        .join('');
    case 'waves':
      return (
        [0.55, 0.7, 0.85]
          .map(
            (t, i) =>
              `<path d="M${px(0)} ${py(t)} Q ${px(0.25)} ${py(t - 0.08)} ${px(0.5)} ${py(t)} T ${px(1)} ${py(t)} L ${px(1)} ${py(1)} L ${px(0)} ${py(1)} Z" fill="${i === 0 ? accent : light}" opacity="${0.3 + i * 0.12}"/>`,
          )
          .join('') + `<circle cx="${px(0.75)}" cy="${py(0.28)}" r="${(w * 0.1).toFixed(1)}" fill="${accent}" opacity="0.8"/>`
      );
  }
}
