import { MSG } from '@/lib/shared/messages';

// Shaped like a record list so nothing jumps when the page arrives; it fades in only after 200 ms (docs/shell.md "Toasts, spinners, error screen, navigation"),
// so a fast load never flashes it.
export default function Loading() {
  return (
    <div className="page w-skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">{MSG.loading}</span>
      <div className="w-skel w-skel-crumbs" />
      <div className="w-skel w-skel-title" />
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="w-skel w-skel-row" />
      ))}
    </div>
  );
}
