/** A coupon that covers everything, seeded for the free-order browser test (no limits: both projects use it). */
export const FREE_COUPON = "E2EFREE100";
