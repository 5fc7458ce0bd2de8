import { IntentLink as Link } from '@/components/ui/intent-link';

/** An empty record list says so and offers the one useful next step (去充值, 去看书…). */
export function EmptyState({ text, action }: { text: string; action?: { href: string; label: string } }) {
  return (
    <div className="w-empty">
      <p>{text}</p>
      {action ? (
        <Link href={action.href} className="button button-primary">
          {action.label}
        </Link>
      ) : null}
    </div>
  );
}
