/** The prize wheel's page (docs/activity-pages.md "Prize wheel"), outside /m: public to look at, login to draw. */
export const WHEEL_PATH = '/mall/prize_wheel?v=2';
