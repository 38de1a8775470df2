import { randomBytes } from 'node:crypto';
import {
  type Language,
  type MessageKey,
  STATUS_ENABLED,
  translate,
  USER_EXPORT_MAX_ROWS,
  USER_IMPORT_COLUMNS,
  USER_IMPORT_EXTENSIONS,
  USER_IMPORT_MAX_BYTES,
  USER_IMPORT_MAX_ROWS,
  type UserExportQuery,
  type UserImportError,
  type UserImportField,
  type UserImportResult,
  UserImportRow,
  splitIds,
} from '@aos/contract';
import { and, asc, eq, ne } from 'drizzle-orm';
import { dept, dict, post, role } from '../../db/schema/index.js';
import { USER_ALIAS } from '../../db/provision.js';
import type { Cache } from '../../lib/cache.js';
import type { Ctx } from '../../lib/context.js';
import { AppError, badRequest, fieldError } from '../../lib/errors.js';
import { scope } from '../../lib/tenant-scope.js';
import { formatDateTime } from '../../lib/time.js';
import type { Upload } from '../../lib/upload.js';
import { fieldErrors } from '../../plugins/errors.js';
import type { UserInput, UserService, UserView } from './user.service.js';
import { readSheet, type SheetColumn, sniffSpreadsheet, writeSheet } from './user-sheet.js';

/** An error report stays downloadable this long. */
const REPORT_TTL_SECONDS = 30 * 60;
const REPORT_PREFIX = 'user:import-report:';

export interface SpreadsheetFile {
  file: Buffer;
  /** the download name, localized */
  name: string;
}

const LABELS: Record<UserImportField, MessageKey> = {
  account: 'user.colAccount',
  name: 'user.colName',
  realName: 'user.colRealName',
  code: 'user.colCode',
  phone: 'user.colPhone',
  email: 'user.colEmail',
  sex: 'user.colSex',
  birthday: 'user.colBirthday',
  education: 'user.colEducation',
  roleName: 'user.colRoleName',
  deptName: 'user.colDeptName',
  postName: 'user.colPostName',
  userType: 'user.colUserType',
};

/** A column label in `language`; a field that is not a column is shown as it is. */
export function columnLabel(language: Language, field: string): string {
  const key = LABELS[field as UserImportField];
  return key ? translate(language, key) : field;
}

const normalize = (text: string) =>
  text
    .trim()
    .replace(/[*＊]\s*$/, '')
    .trim()
    .toLowerCase();

/** Header text → field: the field name or its label in either language, a trailing `*` ignored. */
const HEADER_FIELDS = new Map<string, UserImportField>(
  USER_IMPORT_COLUMNS.flatMap(({ field }) => [
    [normalize(field), field],
    [normalize(translate('zh-CN', LABELS[field])), field],
    [normalize(translate('en-US', LABELS[field])), field],
  ]),
);

const splitNames = (value: string) =>
  value
    .split(/[,，;；、]/)
    .map((part) => part.trim())
    .filter(Boolean);

interface DictEntry {
  key: string;
  labels: string[];
  zh: string;
  en: string;
}

/** A system dictionary's entries (sex, user_type, account_status) with both labels. */
async function dictEntries(ctx: Ctx, code: string): Promise<DictEntry[]> {
  const rows = await ctx.db
    .select({ key: dict.dictKey, zh: dict.dictValue, en: dict.dictValueEn })
    .from(dict)
    .where(and(eq(dict.code, code), ne(dict.parentId, '0'), eq(dict.isDeleted, 0)))
    .orderBy(asc(dict.sort));
  return rows.map((row) => ({
    key: row.key,
    zh: row.zh,
    en: row.en ?? row.zh,
    labels: [row.key, row.zh, row.en ?? ''].filter(Boolean).map(normalize),
  }));
}

const labelOf = (entries: DictEntry[], key: unknown, language: Language) => {
  const entry = entries.find((item) => item.key === String(key));
  return entry
    ? language === 'en-US'
      ? entry.en
      : entry.zh
    : key === null || key === undefined
      ? ''
      : String(key);
};

/** Name (lower case) → ids, from the tenant's live rows. */
async function nameIndex(
  ctx: Ctx,
): Promise<Record<'roleName' | 'deptName' | 'postName', Map<string, string[]>>> {
  const index = (rows: Array<{ id: string; names: Array<string | null> }>) => {
    const map = new Map<string, string[]>();
    for (const row of rows) {
      for (const name of new Set(row.names.filter(Boolean).map((name) => normalize(name!)))) {
        map.set(name, [...(map.get(name) ?? []), row.id]);
      }
    }
    return map;
  };
  const [roles, depts, posts] = await Promise.all([
    ctx.db.select({ id: role.id, a: role.roleName, b: role.roleAlias }).from(role).where(scope(ctx, role)),
    ctx.db.select({ id: dept.id, a: dept.deptName, b: dept.fullName }).from(dept).where(scope(ctx, dept)),
    ctx.db.select({ id: post.id, a: post.postName, b: post.postCode }).from(post).where(scope(ctx, post)),
  ]);
  const names = (rows: Array<{ id: string; a: string; b: string | null }>) =>
    index(rows.map((row) => ({ id: row.id, names: [row.a, row.b] })));
  return { roleName: names(roles), deptName: names(depts), postName: names(posts) };
}

const NAME_MESSAGES = {
  roleName: 'user.importRoleName',
  deptName: 'user.importDeptName',
  postName: 'user.importPostName',
} as const;

interface Lookups {
  sexes: DictEntry[];
  types: DictEntry[];
  names: Awaited<ReturnType<typeof nameIndex>>;
  /** account → the first row that holds it */
  seen: Map<string, number>;
}

function problem(
  language: Language,
  row: number,
  field: string,
  key: MessageKey,
  params: Record<string, string | number> = {},
): UserImportError {
  return {
    row,
    field,
    message: translate(language, key, { field: columnLabel(language, field), ...params }),
  };
}

/**
 * Every problem of one row at once (required cells, dictionary labels, the contract's schema, a repeated
 * account, unknown role / dept / post names), or the user it describes with names resolved to ids.
 */
function checkRow(
  language: Language,
  row: number,
  raw: Partial<Record<UserImportField, string>>,
  lookups: Lookups,
): { problems: UserImportError[]; input?: UserInput } {
  const problems: UserImportError[] = [];
  const refuse = (field: string, key: MessageKey, params?: Record<string, string | number>) =>
    problems.push(problem(language, row, field, key, params));
  for (const { field, required } of USER_IMPORT_COLUMNS) {
    if (required && raw[field] === undefined) refuse(field, 'validation.required');
  }
  const fromDict = (field: 'sex' | 'userType', entries: DictEntry[]) => {
    const value = raw[field];
    if (value === undefined) return undefined;
    const entry = entries.find((item) => item.labels.includes(normalize(value)));
    if (!entry) refuse(field, 'user.importLabel', { value });
    return entry?.key;
  };
  const sex = fromDict('sex', lookups.sexes);
  const userType = fromDict('userType', lookups.types);
  const parsed = UserImportRow.safeParse({ ...raw, sex, userType }, { reportInput: true });
  if (!parsed.success) {
    for (const [field, message] of Object.entries(fieldErrors(parsed.error.issues, language, 'row'))) {
      if (!problems.some((known) => known.field === field)) problems.push({ row, field, message });
    }
  }
  if (!parsed.success || problems.length) return { problems };
  const input = parsed.data;
  const first = lookups.seen.get(input.account);
  if (first !== undefined) refuse('account', 'user.importDuplicate', { row: first });
  else lookups.seen.set(input.account, row);
  const ids = { roleName: [] as string[], deptName: [] as string[], postName: [] as string[] };
  for (const field of ['roleName', 'deptName', 'postName'] as const) {
    for (const name of splitNames(input[field] ?? '')) {
      const found = lookups.names[field].get(normalize(name));
      if (found?.[0]) ids[field].push(found[0]);
      else refuse(field, NAME_MESSAGES[field], { name });
    }
  }
  if (problems.length) return { problems };
  return {
    problems,
    input: {
      account: input.account,
      name: input.name,
      realName: input.realName,
      code: input.code,
      phone: input.phone,
      email: input.email,
      sex: input.sex,
      birthday: input.birthday,
      education: input.education,
      roleId: [...new Set(ids.roleName)],
      deptId: [...new Set(ids.deptName)],
      postId: [...new Set(ids.postName)],
      userType: input.userType,
    },
  };
}

function sizeLabel(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}

/**
 * User import (spec §5 "User import: xls or xlsx"), its template and error report, and the export. Every
 * row is checked with the contract's schema and the service's rules; each good row is saved in its own
 * transaction (a row is saved whole or not at all), bad rows are reported with their row number, column
 * and message, in the answer and as a downloadable spreadsheet.
 */
export class UserTransfer {
  constructor(
    private readonly users: UserService,
    private readonly cache: Cache,
  ) {}

  private headers(language: Language, template: boolean): SheetColumn[] {
    return USER_IMPORT_COLUMNS.map(({ field, required }) => ({
      header: `${translate(language, LABELS[field])}${template && required ? '*' : ''}`,
      width: field === 'email' || field.endsWith('Name') ? 24 : 14,
    }));
  }

  /** The template: the header row (required columns marked *) and one example row with this tenant's names. */
  async template(ctx: Ctx): Promise<SpreadsheetFile> {
    const language = ctx.language;
    const [sexes, types, roles, depts] = await Promise.all([
      dictEntries(ctx, 'sex'),
      dictEntries(ctx, 'user_type'),
      ctx.db
        .select({ name: role.roleName, alias: role.roleAlias })
        .from(role)
        .where(scope(ctx, role))
        .orderBy(asc(role.sort)),
      ctx.db
        .select({ name: dept.deptName })
        .from(dept)
        .where(scope(ctx, dept))
        .orderBy(asc(dept.parentId), asc(dept.sort))
        .limit(1),
    ]);
    const english = language === 'en-US';
    const example: Record<UserImportField, string> = {
      account: 'zhangsan',
      name: english ? 'Zhang San' : '张三',
      realName: english ? 'Zhang San' : '张三',
      code: 'A0001',
      phone: '13800000000',
      email: 'zhangsan@example.com',
      sex: labelOf(sexes, '1', language),
      birthday: '1990-01-01',
      education: english ? 'Bachelor' : '本科',
      roleName: (roles.find((row) => row.alias === USER_ALIAS) ?? roles[0])?.name ?? '',
      deptName: depts[0]?.name ?? '',
      postName: '',
      userType: labelOf(types, '1', language),
    };
    return {
      file: writeSheet(translate(language, 'user.sheetUsers'), this.headers(language, true), [
        USER_IMPORT_COLUMNS.map(({ field }) => example[field]),
      ]),
      name: `${translate(language, 'user.templateFile')}.xlsx`,
    };
  }

  /** Check the upload (type, size, columns, row count) before any row is read. */
  private open(upload: Upload | null) {
    if (!upload) throw fieldError('file', 'upload.missing');
    if (upload.tooLarge)
      throw fieldError('file', 'user.importSize', { limit: sizeLabel(USER_IMPORT_MAX_BYTES) });
    const extension = upload.filename.split('.').pop()?.toLowerCase() ?? '';
    const kind = sniffSpreadsheet(upload.data);
    if (!(USER_IMPORT_EXTENSIONS as readonly string[]).includes(extension) || !kind) {
      throw fieldError('file', 'user.importType');
    }
    const sheet = readSheet(upload.data, USER_IMPORT_MAX_ROWS);
    if (!sheet.ok) {
      throw fieldError('file', sheet.problem === 'empty' ? 'user.importEmpty' : 'user.importUnreadable');
    }
    if (sheet.truncated) throw fieldError('file', 'user.importTooMany', { limit: USER_IMPORT_MAX_ROWS });
    const columns = new Map<UserImportField, number>();
    sheet.headers.forEach((header, index) => {
      const field = HEADER_FIELDS.get(normalize(header));
      if (field && !columns.has(field)) columns.set(field, index);
    });
    return { sheet, columns };
  }

  async importFile(ctx: Ctx, upload: Upload | null, isCovered: boolean): Promise<UserImportResult> {
    const language = ctx.language;
    const { sheet, columns } = this.open(upload);
    const missing = USER_IMPORT_COLUMNS.filter(({ field, required }) => required && !columns.has(field));
    if (missing.length) {
      throw fieldError('file', 'user.importColumns', {
        columns: missing.map(({ field }) => columnLabel(language, field)).join(', '),
      });
    }
    const [sexes, types, names] = await Promise.all([
      dictEntries(ctx, 'sex'),
      dictEntries(ctx, 'user_type'),
      nameIndex(ctx),
    ]);
    const lookups: Lookups = { sexes, types, names, seen: new Map() };
    const errors: UserImportError[] = [];
    const outcome = { saved: 0, updated: 0, failed: 0 };
    let hash: string | undefined;

    for (const { row, cells } of sheet.rows) {
      const raw: Partial<Record<UserImportField, string>> = {};
      for (const [field, index] of columns) {
        const value = cells[index]?.trim() ?? '';
        if (value !== '') raw[field] = value;
      }
      const checked = checkRow(language, row, raw, lookups);
      const problems = checked.problems;
      if (checked.input) {
        const existing = await this.users.findByAccount(ctx, checked.input.account);
        const fields = {
          ...checked.input,
          // an empty posts cell keeps the posts of an existing user, like every other empty cell
          postId: raw.postName || !existing ? checked.input.postId : splitIds(existing.postId),
        };
        try {
          if (existing && !isCovered) {
            problems.push(problem(language, row, 'account', 'user.importExists'));
          } else if (existing) {
            await this.users.updateRow(ctx, { id: existing.id, ...fields });
            outcome.updated++;
          } else {
            hash ??= await this.users.initPasswordHash(ctx);
            await this.users.insertRow(ctx, fields, { hash });
            outcome.saved++;
          }
        } catch (error) {
          // a rule of the service refused the row (quota, data scope...): it was not saved
          if (!(error instanceof AppError)) throw error;
          const field = typeof error.params.field === 'string' ? error.params.field : '';
          problems.push({ row, field, message: translate(language, error.messageKey, error.params) });
        }
      }
      if (problems.length) {
        outcome.failed++;
        errors.push(...problems);
      }
    }
    const reportKey = errors.length ? await this.storeReport(ctx, errors) : null;
    return { total: sheet.rows.length, ...outcome, errors, reportKey };
  }

  private errorColumns(language: Language): SheetColumn[] {
    return [
      { header: translate(language, 'user.colRow'), width: 8 },
      { header: translate(language, 'user.colField'), width: 16 },
      { header: translate(language, 'user.colMessage'), width: 60 },
    ];
  }

  private async storeReport(ctx: Ctx, errors: UserImportError[]): Promise<string> {
    const key = randomBytes(18).toString('base64url');
    const file = writeSheet(
      translate(ctx.language, 'user.sheetErrors'),
      this.errorColumns(ctx.language),
      errors.map((error) => [error.row, columnLabel(ctx.language, error.field), error.message]),
    );
    await this.cache.set(
      `${REPORT_PREFIX}${ctx.tenantId}:${key}`,
      file.toString('base64'),
      REPORT_TTL_SECONDS,
    );
    return key;
  }

  /** The error report of an import of the caller's tenant, while it lasts. */
  async report(ctx: Ctx, key: string): Promise<SpreadsheetFile> {
    const stored = await this.cache.get(`${REPORT_PREFIX}${ctx.tenantId}:${key}`);
    if (!stored) throw new AppError(404, 'user.importReportMissing');
    return {
      file: Buffer.from(stored, 'base64'),
      name: `${translate(ctx.language, 'user.reportFile')}.xlsx`,
    };
  }

  /** The users the page's filters select, as the page shows them: names for ids, labels for dictionary keys. */
  async exportFile(ctx: Ctx, query: UserExportQuery): Promise<SpreadsheetFile> {
    const language = ctx.language;
    const page = await this.users.pick(ctx, query, USER_EXPORT_MAX_ROWS);
    if (page.total > USER_EXPORT_MAX_ROWS)
      throw badRequest('user.exportTooMany', { limit: USER_EXPORT_MAX_ROWS });
    const [sexes, types, statuses] = await Promise.all([
      dictEntries(ctx, 'sex'),
      dictEntries(ctx, 'user_type'),
      dictEntries(ctx, 'account_status'),
    ]);
    const t = (key: MessageKey) => translate(language, key);
    const columns: SheetColumn[] = [
      ...this.headers(language, false),
      { header: t('user.colStatus'), width: 10 },
      { header: t('user.colNoFlyAuthority'), width: 12 },
      { header: t('user.colLastLogin'), width: 20 },
      { header: t('user.colCreateTime'), width: 20 },
    ];
    const rows = page.records.map((row: UserView) => [
      row.account,
      row.name ?? '',
      row.realName ?? '',
      row.code ?? '',
      row.phone ?? '',
      row.email ?? '',
      labelOf(sexes, row.sex, language),
      row.birthday ?? '',
      row.education ?? '',
      row.roleName,
      row.deptName,
      row.postName,
      labelOf(types, row.userType, language),
      labelOf(statuses, row.status ?? STATUS_ENABLED, language),
      t(row.noFlyAuthority ? 'user.yes' : 'user.no'),
      row.lastLoginTime ? formatDateTime(row.lastLoginTime) : '',
      formatDateTime(row.createTime),
    ]);
    return {
      file: writeSheet(t('user.sheetUsers'), columns, rows),
      name: `${t('user.exportFile')}.xlsx`,
    };
  }
}
