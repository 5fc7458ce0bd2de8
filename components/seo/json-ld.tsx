import { jsonLdScript } from '@/lib/server/catalog/seo';

export function JsonLd({ data }: { data: object[] }) {
  return (
    <>
      {data.map((item, i) => (
        <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdScript(item) }} />
      ))}
    </>
  );
}
