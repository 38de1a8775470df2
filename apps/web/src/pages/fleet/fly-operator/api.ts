import type { FlyOperator } from '@aos/contract';
import { restApi } from '../../../api/crud';
import { requestData } from '../../../api/http';
import type { TreeOption } from '../../../components/crud/types';

const BASE = '/api/cloud-user/fly-operator';

/**
 * Fly-operator calls (spec §7): the list asks for page 1, size 9999 and pages in the browser; add is a POST,
 * update a PUT, remove a DELETE with ids, turnOn/turnOff PUTs with ids.
 */
const rest = restApi<FlyOperator>(BASE);

export const flyOperatorApi: typeof rest = {
  ...rest,
  page: async (query) => {
    const { current = 1, size = 10, ...filters } = query as { current?: number; size?: number };
    const all = await rest.page({ ...filters, current: 1, size: 9999 });
    const start = (Number(current) - 1) * Number(size);
    return {
      ...all,
      current: Number(current),
      size: Number(size),
      records: all.records.slice(start, start + Number(size)),
    };
  },
};

export const turnOperators = (on: boolean, ids: string[]) =>
  requestData<number>({
    url: `${BASE}/${on ? 'turnOn' : 'turnOff'}`,
    method: 'PUT',
    params: { ids: ids.join(',') },
  });

interface UserOption {
  id: string;
  account: string;
  realName: string | null;
}

/** The tenant's users as picker options ("real name (account)"). */
export async function userOptions(): Promise<TreeOption[]> {
  const users = await requestData<UserOption[]>({ url: '/api/blade-user/user-list' });
  return users.map((user) => ({
    value: user.id,
    title: user.realName ? `${user.realName} (${user.account})` : user.account,
    isLeaf: true,
  }));
}
