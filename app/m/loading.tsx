import { DelayedSpinner } from '@/components/ui/delayed-spinner';

export default function Loading() {
  return <DelayedSpinner />;
}
