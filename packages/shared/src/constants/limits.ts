/** Default page size of every list call (SPEC 9). */
export const LIST_PAGE_SIZE = 10;
/** Largest page a list call accepts. */
export const LIST_PAGE_SIZE_MAX = 100;
/** Chat unread poll interval (SPEC 9). */
export const CHAT_POLL_MS = 60_000;
/** Active-time ping interval (SPEC 9). */
export const TIME_PING_MS = 60_000;
/** Phones show a page selector instead of tabs above this many tabs (SPEC 9). */
export const PHONE_TAB_SELECTOR_THRESHOLD = 3;
/** The progress banner clears this long after the task queue empties (SPEC 9). */
export const PROGRESS_CLEAR_MS = 2_000;
/** Splash screen hide fade (SPEC 9). */
export const SPLASH_FADE_MS = 1_000;
/** Splash screen is shown at most this long (SPEC 9). */
export const SPLASH_MAX_MS = 10_000;
/** Menu scroll is unlocked this long after the menu opens (SPEC 9). */
export const MENU_SCROLL_UNLOCK_MS = 500;
/** Listbox type-ahead clears after this long (SPEC 9). */
export const LISTBOX_TYPEAHEAD_MS = 350;
/** Default image quality (SPEC 9). */
export const IMAGE_QUALITY = 75;
/** Statuses on which safe requests are retried (SPEC 7). */
export const RETRY_STATUSES = [408, 409, 425, 429, 500, 502, 503, 504] as const;
/** Safe requests are retried this many times by default (SPEC 7). */
export const DEFAULT_RETRIES = 1;
/** Default maximum length of a custom URL slug. SPEC leaves it open; 50 keeps links readable. */
export const CUSTOM_URL_MAX_LENGTH = 50;
/** Largest image accepted by POST /api/upload. */
export const UPLOAD_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Largest video accepted by POST /api/upload. */
export const UPLOAD_VIDEO_MAX_BYTES = 100 * 1024 * 1024;
/** Largest PDF accepted by POST /api/upload. */
export const UPLOAD_PDF_MAX_BYTES = 20 * 1024 * 1024;
/**
 * Uploads a member may start per window, refused ones included (each costs reading and checking a file). Enough for
 * a post's pictures and a submission's media several times over; not enough to fill the disk with 100 MB videos.
 */
export const UPLOAD_RATE_MAX = 30;
/** Length of the upload rate window. */
export const UPLOAD_RATE_WINDOW_MS = 30 * 60_000;
/** Uploads one member may have in progress at once on a server; the app sends one at a time. */
export const UPLOAD_CONCURRENT_MAX = 4;
/** Password length bounds for account creation and reset. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
/** Longest profile text fields. */
export const NAME_MAX_LENGTH = 80;
export const BIO_MAX_LENGTH = 500;
/** Toast durations: short and long (SPEC 9 names the two; their lengths are ours). */
export const TOAST_DURATION_MS = { short: 3_000, long: 8_000 } as const;
/** Longest title of a project, activity, template or creative. */
export const TITLE_MAX_LENGTH = 120;
export const PROJECT_DESCRIPTION_MAX_LENGTH = 5_000;
export const ACTIVITY_DESCRIPTION_MAX_LENGTH = 2_000;
/** Longest free-text response to a general participation activity. */
export const RESPONSE_MAX_LENGTH = 2_000;
/** Longest caption of a Brand Content submission. */
export const CAPTION_MAX_LENGTH = 2_200;
/** Longest training text. */
export const TRAINING_BODY_MAX_LENGTH = 50_000;
