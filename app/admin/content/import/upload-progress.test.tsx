import { act, fireEvent, render, screen } from '@testing-library/react';
import { IMPORT_TEXT as T } from '@/lib/shared/content-import-text';
import { navigate } from '@/lib/client/navigate';
import { UploadProgress } from './upload-progress';

// A stand-in XHR whose answer the test decides: where the server's redirect landed.
class FakeXhr {
  static last: FakeXhr | null = null;
  upload = { onprogress: null as unknown, onload: null as unknown };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  responseURL = '';
  sent: FormData | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open() {}
  send(body: FormData) {
    this.sent = body;
  }
  answer(url: string) {
    this.responseURL = url;
    this.onload?.();
  }
}

function renderForm() {
  window.history.replaceState(null, '', '/admin/content/import');
  render(
    <form action="/admin/actions/import-upload" method="post" data-testid="form">
      <input name="title" defaultValue="" aria-label="title" />
      <button type="submit">上传</button>
      <UploadProgress maxBytes={50 * 1024 * 1024} />
    </form>,
  );
}

describe('the upload form island (docs/content.md "Import")', () => {
  const original = window.XMLHttpRequest;
  beforeEach(() => {
    (window as unknown as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr;
  });
  afterEach(() => {
    window.XMLHttpRequest = original;
    jest.restoreAllMocks();
  });

  it('a refused upload shows its line and keeps what the editor typed, without reloading', () => {
    const go = jest.spyOn(navigate, 'assign').mockImplementation(() => undefined);
    renderForm();
    fireEvent.change(screen.getByLabelText('title'), { target: { value: '围城' } });
    fireEvent.submit(screen.getByTestId('form'));
    expect(screen.getByRole('button')).toBeDisabled();
    const line = T.notThisEncoding('GB18030');
    act(() => FakeXhr.last!.answer(`http://localhost/admin/content/import?err=${encodeURIComponent(line)}&fs=x`));
    expect(go).not.toHaveBeenCalled();
    expect(screen.getByText(line)).toBeInTheDocument();
    expect(screen.getByLabelText('title')).toHaveValue('围城');
    expect(screen.getByRole('button')).toBeEnabled();
  });

  it('an accepted upload goes to its preview', () => {
    const go = jest.spyOn(navigate, 'assign').mockImplementation(() => undefined);
    renderForm();
    fireEvent.submit(screen.getByTestId('form'));
    act(() => FakeXhr.last!.answer('http://localhost/admin/content/import/12?ok=x&fs=y'));
    expect(go).toHaveBeenCalledWith('http://localhost/admin/content/import/12?ok=x&fs=y');
  });

  it('an upload whose encoding is undecided goes to the page where the editor picks it, not shown as a refusal', () => {
    const go = jest.spyOn(navigate, 'assign').mockImplementation(() => undefined);
    renderForm();
    fireEvent.submit(screen.getByTestId('form'));
    const where = `http://localhost/admin/content/import/encoding/7?ok=${encodeURIComponent(T.chooseEncodingTitle)}&fs=y`;
    act(() => FakeXhr.last!.answer(where));
    expect(go).toHaveBeenCalledWith(where);
    expect(screen.queryByText(T.chooseEncodingTitle)).toBeNull();
  });

  it('a failed connection says so and lets the editor send again', () => {
    renderForm();
    fireEvent.submit(screen.getByTestId('form'));
    act(() => FakeXhr.last!.onerror!());
    expect(screen.getByText(T.uploadFailed)).toBeInTheDocument();
    expect(screen.getByRole('button')).toBeEnabled();
  });
});
