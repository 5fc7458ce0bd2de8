import { DelayedSpinner } from '@/components/ui/delayed-spinner';

// The recharge page reads the packs and the balance; a slow database shows the spinner after 200 ms (docs/shell.md "Toasts, spinners, error screen, navigation").
export default function Loading() {
  return (
    <main className="shell">
      <DelayedSpinner />
    </main>
  );
}
