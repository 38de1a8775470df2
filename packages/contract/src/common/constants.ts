/** Business constants and limits of spec §9, shared by server, console and simulator. */
export const DEFAULT_TENANT_ID = '000000';
export const PLATFORM_TENANT_ID = '000000';
export const TOKEN_HEADER = 'Blade-Auth';
export const TENANT_HEADER = 'Tenant-Id';
export const CAPTCHA_KEY_HEADER = 'Captcha-Key';
export const CAPTCHA_CODE_HEADER = 'Captcha-Code';
export const OAUTH_SCOPE = 'all';
export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';
export const DEFAULT_THEME_COLOR = '#409EFF';

export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_OPTIONS = [10, 30, 50, 100, 200] as const;
/** Lists that the console requests in one page (fly operators, manufacturers). */
export const PAGE_SIZE_ALL = 9999;
export const PAGE_SIZE_MAX = 9999;

export const REQUEST_TIMEOUT_MS = 30_000;
export const TOKEN_TIME_CONFIG_MS = 600_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const STARTUP_LOADING_MS = 1_000;

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 16;
export const RADIUS_MIN = 5;
export const TEXT_MAX = 200;
export const TEXT_MAX_LONG = 300;
export const PHONE_LENGTH = 11;
export const ALARM_LEVELS = [1, 2, 3, 4] as const;
export const DICT_DIALOG_WIDTH = 880;

export const AVATAR_MAX_BYTES = 500 * 1024;
export const AVATAR_TYPES = ['image/jpeg', 'image/png'] as const;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 2 * 1024 * 1024 * 1024;
export const DOCK_TASK_SPACING_HOURS = 3;
export const AIRPORT_BUFFER_KM = 10;

/** Sign-in protection (PROTOCOLS.md §1). */
export const LOGIN_MAX_FAILURES_PER_ACCOUNT = 5;
export const LOGIN_MAX_FAILURES_PER_IP = 20;
export const LOGIN_LOCK_SECONDS = 30 * 60;
export const CAPTCHA_TTL_SECONDS = 5 * 60;

/** Record flags shared by every business table. */
export const NOT_DELETED = 0;
export const DELETED = 1;
export const STATUS_ENABLED = 1;
export const STATUS_FROZEN = 2;
