import { SWRConfig } from 'swr';
import { act, render, screen } from '@testing-library/react';
import { toCanvas } from 'qrcode';
import { ModalHost } from './modal-host';
import { useModalStore } from '@/lib/client/stores/modal-store';
import { mockFetch } from '@/test/mock-fetch';

jest.mock('qrcode', () => ({ toCanvas: jest.fn(async () => undefined) }));

const QR_DATA = {
  url: 'https://read.example.com/follow?article_id=21',
  content: 'https://read.example.com/follow?article_id=21',
  logo: '/brand/logo.svg',
};
const JPEG = 'data:image/jpeg;base64,ZmFrZQ==';

// jsdom has no canvas: a 2D context that records calls, and images that load at once.
function mockCanvas() {
  const ctx = { fillStyle: '', fillRect: jest.fn(), drawImage: jest.fn() };
  const canvases: HTMLCanvasElement[] = [];
  const create = document.createElement.bind(document);
  jest.spyOn(document, 'createElement').mockImplementation(((tag: string) => {
    const el = create(tag);
    if (tag === 'canvas') canvases.push(el as HTMLCanvasElement);
    return el;
  }) as typeof document.createElement);
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => ctx as unknown as CanvasRenderingContext2D);
  const toDataURL = jest.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(() => JPEG);
  const src = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, 'src')!;
  jest.spyOn(HTMLImageElement.prototype, 'src', 'set').mockImplementation(function (this: HTMLImageElement, value: string) {
    src.set!.call(this, value);
    setTimeout(() => this.onload?.(new Event('load')));
  });
  return { ctx, canvases, toDataURL };
}

describe('follow QR code modal', () => {
  beforeEach(() => useModalStore.setState({ current: null }));
  afterEach(() => jest.restoreAllMocks());

  it('draws the code at the documented sizes and shows it as a long-pressable JPEG', async () => {
    const fetch = mockFetch({ 'GET /v1/mp/qrcode': { data: QR_DATA } });
    const { ctx, canvases, toDataURL } = mockCanvas();
    render(
      <SWRConfig value={{ provider: () => new Map() }}>
        <ModalHost />
      </SWRConfig>,
    );
    act(() => useModalStore.getState().open('user-subscribe', { articleId: 21 }));
    expect(await screen.findByRole('dialog', { name: '关注公众号' })).toBeInTheDocument();
    const img = await screen.findByRole('img', { name: '公众号二维码' });
    expect(img).toHaveAttribute('src', JPEG);
    expect(fetch.calls[0]!.url).toBe('/v1/mp/qrcode?article_id=21');

    const [code, options] = [(toCanvas as jest.Mock).mock.calls[0][0], (toCanvas as jest.Mock).mock.calls[0][2]];
    expect((toCanvas as jest.Mock).mock.calls[0][1]).toBe(QR_DATA.content);
    expect(options).toMatchObject({ width: 370, errorCorrectionLevel: 'H' });
    const out = canvases.find((c) => c !== code)!;
    expect([out.width, out.height]).toEqual([430, 430]);
    expect(ctx.drawImage).toHaveBeenNthCalledWith(1, code, 30, 30, 370, 370);
    const logo = ctx.drawImage.mock.calls[1][0] as HTMLImageElement;
    expect(logo.src).toMatch(/\/brand\/logo\.svg$/);
    expect(ctx.drawImage).toHaveBeenNthCalledWith(2, logo, 170, 170, 90, 90);
    expect(toDataURL).toHaveBeenCalledWith('image/jpeg', 0.5);
  });

  it('says so when the code cannot be drawn', async () => {
    mockFetch({ 'GET /v1/mp/qrcode': { data: QR_DATA } });
    jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => null);
    render(
      <SWRConfig value={{ provider: () => new Map() }}>
        <ModalHost />
      </SWRConfig>,
    );
    act(() => useModalStore.getState().open('user-subscribe', {}));
    expect(await screen.findByRole('alert')).toHaveTextContent('二维码生成失败，请稍后再试');
  });
});
