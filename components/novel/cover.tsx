// Props are spread only when set: an explicit undefined still costs a "$undefined" in the RSC payload of every card.
const HIGH = { fetchPriority: 'high' } as const;

/** A cover with its badge; width and height reserve the space so nothing shifts while it loads. */
export function Cover({
  src,
  tag,
  width = 72,
  height = 96,
  eager = false,
}: {
  src: string;
  tag?: string | null;
  width?: number;
  height?: number;
  eager?: boolean;
}) {
  return (
    // 72×96 is .cover's own size; only other sizes carry an inline one (every byte repeats in the page's payload).
    <span className="cover" {...(width === 72 && height === 96 ? null : { style: { width, height } })}>
      <img src={src} alt="" width={width} height={height} loading={eager ? 'eager' : 'lazy'} decoding="async" {...(eager && HIGH)} />
      {tag ? <span className="cover-tag">{tag}</span> : null}
    </span>
  );
}
