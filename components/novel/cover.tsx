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
    <span className="cover" style={{ width, height }}>
      <img
        src={src}
        alt=""
        width={width}
        height={height}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        fetchPriority={eager ? 'high' : undefined}
      />
      {tag ? <span className="cover-tag">{tag}</span> : null}
    </span>
  );
}
