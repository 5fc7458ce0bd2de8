import { QR } from '@/lib/shared/constants';

const LOGO_TIMEOUT_MS = 3000;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    const timer = setTimeout(() => reject(new Error('logo timeout')), LOGO_TIMEOUT_MS);
    img.onload = () => {
      clearTimeout(timer);
      resolve(img);
    };
    img.onerror = () => {
      clearTimeout(timer);
      reject(new Error('logo failed'));
    };
    img.src = src;
  });
}

/**
 * The follow QR code as a JPEG data URL (docs/shell.md "Modals"): a 430×430 white canvas, the code 370 wide in the middle,
 * our logo 90×90 on a white pad at its centre, JPEG quality 0.5. An <img> of it can be long-pressed to scan or
 * save in the messaging app, which a <canvas> cannot. `qrcode` is imported here, on demand, so it never weighs
 * on a page's first load. High error correction keeps the code readable under the logo.
 */
export async function drawFollowQrcode(content: string, logoSrc: string): Promise<string> {
  const { toCanvas } = await import('qrcode');
  const code = document.createElement('canvas');
  await toCanvas(code, content, { width: QR.width, margin: 1, errorCorrectionLevel: 'H', color: { dark: '#000000', light: '#ffffff' } });

  const canvas = document.createElement('canvas');
  canvas.width = QR.canvas;
  canvas.height = QR.canvas;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('canvas unsupported');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, QR.canvas, QR.canvas);
  const codeAt = (QR.canvas - QR.width) / 2;
  ctx.drawImage(code, codeAt, codeAt, QR.width, QR.width);

  const logo = await loadImage(logoSrc).catch(() => null);
  if (logo) {
    const at = (QR.canvas - QR.logo) / 2;
    const pad = 6;
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(at - pad, at - pad, QR.logo + pad * 2, QR.logo + pad * 2);
    ctx.drawImage(logo, at, at, QR.logo, QR.logo);
  }
  return canvas.toDataURL('image/jpeg', QR.jpegQuality);
}
