/** Timings of the web app only (spec section 9): the server never reads them. */
export const RESEND_CODE_WAIT_MS = 300_000;
export const REDIRECT_DELAY_MS = 1000;
export const RELOAD_DELAY_MS = 1000;
export const TOAST_AUTO_CLOSE_MS = 5000;
