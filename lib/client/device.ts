import { createSignature } from './signature';

const KEY = 'device_id';

/** A stable id for this browser, so a guest sign-in returns the same guest account. */
export function deviceId(): string {
  try {
    let id = window.localStorage.getItem(KEY);
    if (!id) {
      id = `d${Date.now().toString(36)}${createSignature()}`;
      window.localStorage.setItem(KEY, id);
    }
    return id;
  } catch {
    return `d${createSignature()}`;
  }
}
