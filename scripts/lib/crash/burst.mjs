// The crash test's workload: a fixed list of operations (buys, sandbox approvals, signed notifications), shuffled
// by a seeded generator so every run sends the same requests in the same order, and a runner that answers each
// operation or marks it lost when the server dies under it.
import { sigFor, signNotification } from '../shusheng-client.mjs';

/** mulberry32: a tiny seeded generator, enough for a repeatable shuffle. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Per member: 16 distinct paid chapters of novel 2 (members overlap, so one chapter is bought by several), 4 second
 * buys of a chapter already in the list under a new x-sig (must never charge twice), 2 chapters of novel 1, one
 * sandbox approval and one signed notification sent three times (twice the same, once a new delivery).
 */
export function planBurst({ members, burstOrders, secret, seed = 5 }) {
  const ops = [];
  members.forEach((m, i) => {
    const chapters = Array.from({ length: 16 }, (_, k) => 231 + i * 10 + k);
    chapters.forEach((aid, k) => ops.push({ kind: 'buy', member: m, nid: 2, aid, sig: sigFor(`b${i}x`, k) }));
    chapters.slice(0, 4).forEach((aid, k) => ops.push({ kind: 'buy', member: m, nid: 2, aid, sig: sigFor(`d${i}x`, k) }));
    [21 + i, 22 + i].forEach((aid, k) => ops.push({ kind: 'buy', member: m, nid: 1, aid, sig: sigFor(`n${i}x`, k) }));
    const { approveOrder, notifyOrder } = burstOrders[i];
    ops.push({ kind: 'approve', member: m, orderId: approveOrder.id });
    const first = signNotification(secret, notifyOrder.id, notifyOrder.price, `c0ffee${notifyOrder.id.toString(16).padStart(8, '0')}`);
    const second = signNotification(secret, notifyOrder.id, notifyOrder.price, `beef${notifyOrder.id.toString(16).padStart(8, '0')}`);
    ops.push({ kind: 'notify', member: m, orderId: notifyOrder.id, notification: first });
    ops.push({ kind: 'notify', member: m, orderId: notifyOrder.id, notification: first });
    ops.push({ kind: 'notify', member: m, orderId: notifyOrder.id, notification: second });
  });
  const next = random(seed);
  for (let i = ops.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [ops[i], ops[j]] = [ops[j], ops[i]];
  }
  return ops.map((op, index) => ({ ...op, index, answers: [] }));
}

/** One op as the burst sends it (buy, sandbox approve or payment notification). */
export function send(client, op, sig) {
  if (op.kind === 'buy') return client.buy(op.member.token, op.nid, op.aid, sig);
  if (op.kind === 'approve') return client.approve(op.orderId, op.member.token);
  return client.notify(op.notification);
}

/**
 * Runs `ops` with `concurrency` workers. Once `stopAfter(done)` says so, the runner takes no new work and awaits
 * `onStop()` (the caller kills the server there); requests cut off mid-flight are then recorded as lost. With
 * `keepGoing` (the cluster test: a load balancer in front, one server killed while the burst goes on) a request cut
 * off at any time is recorded as lost and the burst carries on.
 */
export async function runOps(
  client,
  ops,
  { phase, concurrency, stopAfter = () => false, onStop = async () => {}, sigOf = () => undefined, keepGoing = false },
) {
  let nextIndex = 0;
  let done = 0;
  let stopped = false;
  const lost = [];
  async function worker() {
    while (!stopped && nextIndex < ops.length) {
      const op = ops[nextIndex++];
      const sig = sigOf(op) ?? op.sig;
      try {
        const res = await send(client, op, sig);
        op.answers.push({
          phase,
          sig,
          status: res.status,
          body: res.body,
          replay: res.headers.get('x-idempotent-replay') === '1',
          location: res.headers.get('location'),
        });
        done++;
        // Decided synchronously, so every request the kill cuts off already sees `stopped`.
        if (!stopped && stopAfter(done)) {
          stopped = true;
          await onStop();
        }
      } catch (err) {
        if (!stopped && !keepGoing) throw err;
        op.answers.push({ phase, sig, lost: true, error: err.cause?.code ?? err.name });
        lost.push(op);
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { done, lost, notStarted: ops.length - nextIndex };
}
