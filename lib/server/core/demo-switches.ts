import 'server-only';
import { isLocalClient } from './peer';

/**
 * The two demo switches (docs/abuse.md "Demo switches"): SMS_DEV_INBOX shows any phone's login code and OAUTH_LOCAL
 * signs anyone in as any nickname. Both are keys to every account, so each answers only a local client, and a
 * server that looks deployed refuses to start with either on.
 */
export function demoSwitches(env: NodeJS.ProcessEnv = process.env): { smsDevInbox: boolean; oauthLocal: boolean } {
  // OAUTH_LOCAL left unset means on outside production (development and tests sign in without the messaging app).
  const oauthLocal = env.OAUTH_LOCAL === '1' || (env.OAUTH_LOCAL === undefined && env.NODE_ENV !== 'production');
  return { smsDevInbox: env.SMS_DEV_INBOX === '1', oauthLocal };
}

export function anyDemoSwitchOn(): boolean {
  const { smsDevInbox, oauthLocal } = demoSwitches();
  return smsDevInbox || oauthLocal;
}

/** True when this request may use a demo switch that is on: the switch is set and the client is on this machine. */
export function demoAllowed(headers: Headers, which: 'smsDevInbox' | 'oauthLocal'): boolean {
  return demoSwitches()[which] && isLocalClient(headers);
}

/**
 * A local client of a demo server is not counted against per-IP limits: it already holds every account through the
 * switches, and the tests, crash test and benches sign many members in from 127.0.0.1.
 */
export function exemptFromIpLimits(headers: Headers): boolean {
  return anyDemoSwitchOn() && isLocalClient(headers);
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** `DEPLOY=1` with `NODE_ENV=production`: the operator's own word that this is a real deployment. */
export function isDeployment(env: NodeJS.ProcessEnv | Record<string, string | undefined> = process.env): boolean {
  return env.NODE_ENV === 'production' && env.DEPLOY === '1';
}

/**
 * Why this server looks deployed (a machine others reach), or null when it looks like one person's: `DEPLOY=1` with
 * `NODE_ENV=production`, or a `SITE_URL` naming another host than this machine. Also the test for the messaging-app
 * host overrides (lib/server/wechat/hosts.ts).
 */
export function deployedLook(env: NodeJS.ProcessEnv | Record<string, string | undefined> = process.env): string | null {
  if (isDeployment(env)) return 'in a deployment (DEPLOY=1)';
  if (env.SITE_URL) {
    let host = '';
    try {
      host = new URL(env.SITE_URL).hostname;
    } catch {
      // An unreadable SITE_URL cannot prove the server is local.
    }
    if (!LOCAL_HOSTS.has(host)) return `on a public site (SITE_URL=${env.SITE_URL})`;
  }
  return null;
}

/** Why this server must not start with a demo switch on, or null when it may (a machine for one person). */
export function demoSwitchRefusal(env: NodeJS.ProcessEnv = process.env): string | null {
  const { smsDevInbox, oauthLocal } = demoSwitches(env);
  // PAY_SANDBOX keeps the sandbox checkout (coins without money) beside real providers: a key to free coins for
  // anyone, so a demo switch too (docs/payments.md "Configuration").
  const paySandbox = env.PAY_SANDBOX === '1';
  const on = [smsDevInbox && 'SMS_DEV_INBOX', oauthLocal && 'OAUTH_LOCAL', paySandbox && 'PAY_SANDBOX'].filter((name): name is string =>
    Boolean(name),
  );
  if (!on.length) return null;
  const where = deployedLook(env);
  return where ? `${on.join(' and ')} must be off ${where}: set ${on.map((n) => `${n}=0`).join(' ')}` : null;
}

/** A start-up check's end: nothing when it passed, else its reason printed and the process gone (status 1). */
export function refuseToStart(refusal: string | null): void {
  if (!refusal) return;
  console.error(`\n✖ ${refusal}\n`);
  process.exit(1);
}

/** Called once at start (instrumentation.ts): better no server than one that hands out every account. */
export function refuseDeployedDemo(): void {
  refuseToStart(demoSwitchRefusal());
}
