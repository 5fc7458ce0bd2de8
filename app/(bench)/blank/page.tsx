// An empty page of the same build: the framework floor that bench/first-load-js.mjs measures the reader pages
// against. Nothing links here and robots may not index it.
export const metadata = { robots: { index: false } };

export default function BlankPage() {
  return <main />;
}
