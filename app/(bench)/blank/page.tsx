// An empty page of the same build: the framework floor that bench/first-load-js.mjs measures the reader pages
// against, and that bench/lighthouse.mjs scores beside them (one line of server-rendered text, no script of its
// own, so Lighthouse has a paint to time). Nothing links here and robots may not index it.
export const metadata = { robots: { index: false } };

export default function BlankPage() {
  return (
    <main>
      <p>空白页：只用于测量框架本身的开销。</p>
    </main>
  );
}
