import type { FormEventHandler, ReactNode } from 'react';
import { orderFields, type OrderInput } from '@/lib/shared/recharge';

/** Where every in-app buy button posts: the route creates the order and sends the payer on to pay. */
export const ORDER_ACTION = '/orders/create';

export interface OrderFormProps {
  order: OrderInput;
  /** Class of the submit button, which carries the look of the card or button it replaces. */
  buttonClassName: string;
  /** Class of the form; `order-form` (display: contents) keeps the button laid out as if the form were not there. */
  className?: string;
  testId?: string;
  label?: string;
  onSubmit?: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}

/**
 * One tap buys: a real form posting the order's fields to /orders/create, so it works without JavaScript and in
 * in-app browsers. The GET confirmation page of that route is only for links from elsewhere.
 */
export function OrderForm({ order, buttonClassName, className, testId, label, onSubmit, children }: OrderFormProps) {
  return (
    <form method="post" action={ORDER_ACTION} className={className ? `order-form ${className}` : 'order-form'} onSubmit={onSubmit}>
      {orderFields(order).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={buttonClassName} data-testid={testId} aria-label={label}>
        {children}
      </button>
    </form>
  );
}
