/** How a chapter is paid for: nothing to pay, owned already, VIP-free, per chapter, or only with the whole book. */
export type BuyMode = 'free' | 'owned' | 'vip_free' | 'chapter' | 'whole_book';
