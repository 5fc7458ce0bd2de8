// What must hold after the crash and the resumed burst. Each check answers {name, ok, detail}; the detail says
// what was seen, so a failure reads without a debugger.
import { isDeepStrictEqual } from 'node:util';

const answered = (op) => op.answers.filter((a) => !a.lost);
const buys = (ops) => ops.filter((op) => op.kind === 'buy');
const key = (memberId, aid) => `${memberId}:${aid}`;

export async function runChecks({ ops, db, client, adminToken, memberIds, orderIds, crash }) {
  const checks = [];
  const check = (name, ok, detail) => checks.push({ name, ok: Boolean(ok), detail });

  check(
    'the server was killed mid-burst',
    crash.signal === 'SIGKILL' && crash.answeredBefore > 0 && crash.cutOff > 0,
    `${crash.answeredBefore} answers before SIGKILL, ${crash.cutOff} requests cut off in flight, ${crash.notStarted} not yet sent`,
  );

  const fiveHundreds = ops.flatMap((op) =>
    answered(op)
      .filter((a) => a.status >= 500)
      .map((a) => `${op.kind} #${op.index}: HTTP ${a.status}`),
  );
  check('no answer was a 5xx', fiveHundreds.length === 0, fiveHundreds.slice(0, 5).join('; ') || 'none');

  // The x-sigs cut off by the kill were left claimed but unanswered; past the lease their retries run.
  const stuck = ops.flatMap((op) =>
    answered(op)
      .filter((a) => a.phase > 1 && a.body?.code === 40900)
      .map(() => op),
  );
  const cutOff = ops.filter((op) => op.kind === 'buy' && op.answers[0]?.lost);
  check(
    'no x-sig stays "in progress" after the restart',
    stuck.length === 0,
    `${cutOff.length} buys cut off by the kill, ${stuck.length} answered 40900 after the restart`,
  );

  const audit = await client.audit(adminToken);
  check(
    'auditLedger reports nothing',
    audit.status === 200 && audit.body?.data?.healthy === true && audit.body.data.violations.length === 0,
    audit.status === 200
      ? `${audit.body.data.violations.length} violations in ${audit.body.data.took_ms} ms${audit.body.data.violations.length ? `: ${JSON.stringify(audit.body.data.violations.slice(0, 3))}` : ''}`
      : `HTTP ${audit.status}`,
  );

  const { rows: unlockRows } = await db.query(
    'select member_id, chapter_id, count(*)::int as n from chapter_unlocks where member_id = any($1) group by 1, 2',
    [memberIds],
  );
  const unlocks = new Map(unlockRows.map((r) => [key(r.member_id, r.chapter_id), r.n]));
  const ok200 = buys(ops).flatMap((op) =>
    answered(op)
      .filter((a) => a.status === 200)
      .map((a) => ({ op, a })),
  );
  const notOnce = ok200.filter(({ op }) => unlocks.get(key(op.member.id, op.aid)) !== 1);
  check(
    'every 200 buy unlocked its chapter exactly once',
    ok200.length > 0 && notOnce.length === 0,
    `${ok200.length} answers with 200; ${notOnce.length} without exactly one unlock${notOnce.length ? ` (e.g. member ${notOnce[0].op.member.id} chapter ${notOnce[0].op.aid})` : ''}`,
  );

  const requested = new Set(buys(ops).map((op) => key(op.member.id, op.aid)));
  const stray = unlockRows.filter((r) => !requested.has(key(r.member_id, r.chapter_id)));
  check(
    'nothing was unlocked that was not bought',
    stray.length === 0,
    `${unlockRows.length} unlocks, ${stray.length} for chapters nobody asked for`,
  );

  // A chapter is charged under one x-sig at most: the others (a second buy, a retry with a new x-sig) own it for free.
  const chargedSigs = new Map();
  for (const { op, a } of ok200)
    if (a.body.data.charged > 0)
      chargedSigs.set(key(op.member.id, op.aid), new Set([...(chargedSigs.get(key(op.member.id, op.aid)) ?? []), a.sig]));
  const twice = [...chargedSigs].filter(([, sigs]) => sigs.size > 1);
  check(
    'no chapter was charged twice',
    twice.length === 0,
    `${chargedSigs.size} chapters charged, ${twice.length} under more than one x-sig`,
  );

  // The same x-sig after the restart gets the first answer back, stored, not run again. A first answer of 40900
  // (behind a load balancer: the request the killed server held, passed on to the other before the lease ran out)
  // stored nothing, like a request cut off, so its replay runs.
  const firsts = buys(ops).filter(
    (op) => op.answers[0] && !op.answers[0].lost && op.answers[0].phase === 1 && op.answers[0].body?.code !== 40900,
  );
  const differ = firsts.filter((op) => {
    const again = op.answers.find((a) => a.phase === 2);
    return (
      !again || again.lost || again.status !== op.answers[0].status || !isDeepStrictEqual(again.body, op.answers[0].body) || !again.replay
    );
  });
  check(
    'a replayed x-sig answers what it answered before the crash',
    firsts.length > 0 && differ.length === 0,
    `${firsts.length} buys answered before the crash, ${differ.length} replayed differently`,
  );

  const { rows: orderRows } = await db.query('select id, status from orders where id = any($1)', [orderIds]);
  const unpaid = orderRows.filter((o) => o.status !== 'paid');
  const creditedTwice = [...new Set(ops.filter((op) => op.kind === 'notify').map((op) => op.orderId))].filter(
    (id) =>
      ops
        .filter((op) => op.kind === 'notify' && op.orderId === id)
        .flatMap(answered)
        .filter((a) => a.body?.data?.credited === true).length > 1,
  );
  const badApprove = ops.filter(
    (op) => op.kind === 'approve' && answered(op).some((a) => a.status !== 303 || !a.location?.endsWith('/m/my')),
  );
  check(
    'every order is paid and credited once',
    orderRows.length === orderIds.length && unpaid.length === 0 && creditedTwice.length === 0 && badApprove.length === 0,
    `${orderRows.length} orders, ${unpaid.length} unpaid, ${creditedTwice.length} credited by two notifications, ${badApprove.length} approvals that failed`,
  );

  const { rows: money } = await db.query(
    `
    select m.id, coalesce(c.credited, 0)::int as credited, coalesce(u.charged, 0)::int as charged, coalesce(b.balance, 0)::int as balance
    from members m
    left join (select o.member_id, sum(p.welth + p.reward_welth + p.reward_welth_coupon + p.extra_reward_coupon) as credited
               from orders o join products p on p.id = o.product_id where o.status = 'paid' group by o.member_id) c on c.member_id = m.id
    left join (select member_id, sum(price) as charged from chapter_unlocks group by member_id) u on u.member_id = m.id
    left join (select member_id, sum(balance) as balance from wallet_accounts where member_id is not null group by member_id) b on b.member_id = m.id
    where m.id = any($1) order by m.id`,
    [memberIds],
  );
  const off = money.filter((r) => r.balance !== r.credited - r.charged);
  check(
    'every balance is credits minus charges',
    money.length === memberIds.length && off.length === 0,
    `${money.length} members, ${money.reduce((s, r) => s + r.credited, 0)} credited, ${money.reduce((s, r) => s + r.charged, 0)} charged; ${off.length} off${off.length ? `: ${JSON.stringify(off.slice(0, 3))}` : ''}`,
  );
  return checks;
}

export const CHECK_COUNT = 10;
