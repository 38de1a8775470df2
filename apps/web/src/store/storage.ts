/**
 * The Saber storage wrapper (spec §3, PROTOCOLS.md §1): records `{dataType, content, type, datetime}` under
 * `<prefix>-<name>`, in sessionStorage when a type is given, otherwise in localStorage. Reads look in
 * sessionStorage first.
 */
export const STORE_PREFIX = 'aos';

export interface StoreRecord<T = unknown> {
  dataType: string;
  content: T;
  type?: string | boolean;
  datetime: number;
}

const keyOf = (name: string) => `${STORE_PREFIX}-${name}`;

export function setStore(params: { name: string; content: unknown; type?: string | boolean }): void {
  const record: StoreRecord = {
    dataType: typeof params.content,
    content: params.content,
    type: params.type,
    datetime: Date.now(),
  };
  (params.type ? sessionStorage : localStorage).setItem(keyOf(params.name), JSON.stringify(record));
}

/** The stored content; with `debug`, the whole record. Undefined when absent or unreadable. */
export function getStore<T = unknown>(params: { name: string; debug: true }): StoreRecord<T> | undefined;
export function getStore<T = unknown>(params: { name: string; debug?: false }): T | undefined;
export function getStore<T>(params: { name: string; debug?: boolean }): T | StoreRecord<T> | undefined {
  const raw = sessionStorage.getItem(keyOf(params.name)) ?? localStorage.getItem(keyOf(params.name));
  if (raw === null) return undefined;
  let record: StoreRecord<T>;
  try {
    record = JSON.parse(raw) as StoreRecord<T>;
  } catch {
    return undefined;
  }
  if (params.debug) return record;
  switch (record.dataType) {
    case 'number':
      return Number(record.content) as T;
    case 'boolean':
      return (record.content === true || record.content === ('true' as unknown)) as T;
    default:
      return record.content;
  }
}

export function removeStore(params: { name: string; type?: string | boolean }): void {
  (params.type ? sessionStorage : localStorage).removeItem(keyOf(params.name));
}

/** Every record of one storage: session when a type is given, else local. */
export function getAllStore(
  params: { type?: string | boolean } = {},
): Array<{ name: string; content: unknown }> {
  const storage = params.type ? sessionStorage : localStorage;
  const records: Array<{ name: string; content: unknown }> = [];
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index);
    if (!key?.startsWith(`${STORE_PREFIX}-`)) continue;
    const name = key.slice(STORE_PREFIX.length + 1);
    records.push({ name, content: getStore({ name }) });
  }
  return records;
}

export function clearStore(params: { type?: string | boolean } = {}): void {
  (params.type ? sessionStorage : localStorage).clear();
}
