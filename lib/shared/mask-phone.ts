/** A phone number as shown back to its owner: the first three and last four digits (138****0001). */
export function maskPhone(phone: string): string {
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}
