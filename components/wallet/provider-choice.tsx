import { PAY_TEXT } from '@/lib/shared/payment-text';

export interface ProviderChoiceProps {
  providers: { name: string; label: string }[];
  selected: string | undefined;
  onSelect: (name: string) => void;
}

/** The payment choice above the packs (docs/payments.md "Choosing a provider"): the chosen one goes with every pack's form. */
export function ProviderChoice({ providers, selected, onSelect }: ProviderChoiceProps) {
  return (
    <fieldset className="provider-choice" data-testid="provider-choice">
      <legend className="small">{PAY_TEXT.choose}</legend>
      {providers.map((p) => (
        <label key={p.name} className="provider-option">
          <input type="radio" name="pay-provider" value={p.name} checked={selected === p.name} onChange={() => onSelect(p.name)} />
          <span>{p.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
