/** The reasons a reader may give in a report (docs/community.md "Reports"): value stored, label shown. */
export const REPORT_REASONS = [
  { value: 'porn', label: '色情低俗' },
  { value: 'politics', label: '政治敏感' },
  { value: 'illegal', label: '违法犯罪' },
  { value: 'ads', label: '广告引流' },
  { value: 'abuse', label: '人身攻击' },
  { value: 'infringement', label: '侵权抄袭' },
  { value: 'other', label: '其他' },
] as const;

export type ReportReason = (typeof REPORT_REASONS)[number]['value'];
export const REPORT_REASON_VALUES = REPORT_REASONS.map((r) => r.value) as [ReportReason, ...ReportReason[]];

export const REPORT_TARGETS = ['novel', 'chapter', 'comment', 'member'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];
