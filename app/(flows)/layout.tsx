import { LinkNavigator } from '@/components/ui/link-navigator';

/** The flows outside the /m shell (payment results, the follow gate, embedded pages): their links navigate in the app. */
export default function FlowsLayout({ children }: { children: React.ReactNode }) {
  return (
    <>
      {children}
      <LinkNavigator />
    </>
  );
}
