import '@/components/wallet/wallet-records.css';

/** Wallet and VIP pages: only their stylesheet is added; the /m shell around them stays as it is. */
export default function WalletLayout({ children }: { children: React.ReactNode }) {
  return children;
}
