import 'server-only';
import { unzipSync } from 'fflate';
import { ALIPAY_BILL } from '@/lib/shared/alipay-text';
import type { BillLine } from '../contract';
import { yuanToCents } from './amount';
import { AlipayFailure } from './client';

const C = ALIPAY_BILL.columns;

/** One CSV line, with quoted fields; Alipay pads its numbers with tabs, so every field is trimmed. */
export function csvFields(line: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted && c === '"' && line[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (c === ',' && !quoted) {
      out.push(field.trim());
      field = '';
    } else {
      field += c;
    }
  }
  out.push(field.trim());
  return out;
}

export interface ParsedBill {
  lines: BillLine[];
  /** Lines whose merchant order number is not one of ours (another system on the same merchant account). */
  foreign: number;
}

/**
 * The trade lines of one detail CSV: comment lines start with `#`, the header row names the columns; a `交易` line is
 * a payment, a `退款` line a refund (its amount is negative in the file; we keep it positive). Null when the text is
 * not a detail CSV (the zip's summary file).
 */
export function parseBillCsv(text: string): ParsedBill | null {
  const rows = text
    .split(/\r?\n/)
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map(csvFields);
  const headerAt = rows.findIndex((r) => r.includes(C.tradeNo) && r.includes(C.outTradeNo));
  if (headerAt < 0) return null;
  const header = rows[headerAt]!;
  const col = (name: string) => header.indexOf(name);
  const [tradeNo, outTradeNo, kind, amount] = [col(C.tradeNo), col(C.outTradeNo), col(C.kind), col(C.amount)];
  const lines: BillLine[] = [];
  let foreign = 0;
  for (const r of rows.slice(headerAt + 1)) {
    const k = r[kind] === ALIPAY_BILL.kinds.paid ? 'paid' : r[kind] === ALIPAY_BILL.kinds.refund ? 'refund' : null;
    const cents = yuanToCents(r[amount]);
    const orderId = /^\d{1,10}$/.test(r[outTradeNo] ?? '') ? Number(r[outTradeNo]) : NaN;
    if (!k || cents === null) continue;
    if (!Number.isSafeInteger(orderId) || orderId > 2_147_483_647) {
      foreign++;
      continue;
    }
    lines.push({ orderId, tradeNo: r[tradeNo] ?? '', amount: Math.abs(cents), kind: k });
  }
  return { lines, foreign };
}

/** The downloaded bill: a zip holding the detail CSV and a summary CSV, both in GBK. */
export function parseBillZip(zip: Uint8Array): ParsedBill {
  let files: ReturnType<typeof unzipSync>;
  try {
    files = unzipSync(zip);
  } catch (err) {
    throw new AlipayFailure('bad_file', `alipay bill: not a zip (${err instanceof Error ? err.message : 'unreadable'})`);
  }
  const gbk = new TextDecoder('gbk');
  for (const [name, bytes] of Object.entries(files)) {
    if (!name.toLowerCase().endsWith('.csv')) continue;
    // The file names are GBK too and the zip does not say so: the detail file is told by its header row instead.
    const parsed = parseBillCsv(gbk.decode(bytes));
    if (parsed) return parsed;
  }
  throw new AlipayFailure('bad_file', 'alipay bill: no detail csv in the zip');
}
