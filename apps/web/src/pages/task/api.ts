import type {
  Device,
  Dock,
  Page,
  Route,
  RouteCheck,
  RouteDetail,
  Task,
  TaskDetail,
  TaskExecution,
  TaskHome,
  TaskSubmit,
  TaskTimelineItem,
  TaskTrack,
} from '@aos/contract';
import type { CrudApi } from '../../api/crud';
import { HttpError, requestData } from '../../api/http';

const TASK = '/api/cloud-task/project-task';
const EXTRA = '/api/cloud-task/taskextra';
const ROUTE = '/api/aos-gisservice/routemanageline';

/**
 * The task calls (spec §7 project-task and taskextra, issue 17), BladeX style: GET reads with query
 * parameters, POST submit with a JSON body (insert without id, update with one), DELETE remove with `ids`,
 * the operator's commands as GET with the task's `id` (spec §7 lists them as GET).
 */
export const taskApi: Required<Pick<CrudApi<Task>, 'page' | 'detail' | 'remove'>> = {
  page: (query) => requestData<Page<Task>>({ url: `${TASK}/page`, params: query }),
  detail: (id) => requestData<Task>({ url: `${TASK}/detail`, params: { id } }),
  remove: (ids) =>
    requestData<unknown>({ url: `${TASK}/remove`, method: 'DELETE', params: { ids: ids.join(',') } }),
};

export const taskDetail = (id: string) => taskApi.detail(id);

/** Create or change a task; a 400 names the fields (`data.errors`), or asks to confirm the 3-hour advice. */
export const submitTask = (body: TaskSubmit) =>
  requestData<Task>({ url: `${TASK}/submit`, method: 'POST', data: body, quiet: true });

/** End a task (the aircraft returns home, the flight is cancelled). */
export const closeTask = (id: string) => requestData<unknown>({ url: `${TASK}/closeTask`, params: { id } });
/** Cancel a hangar task before it flies (its pending flights are cancelled). */
export const cancelHangarTask = (id: string) =>
  requestData<unknown>({ url: `${TASK}/cancelHangarTask`, params: { id } });
/** Fly a hangar task now, whatever its schedule. */
export const executeNow = (id: string) =>
  requestData<unknown>({ url: `${TASK}/executeHangarManualTask`, params: { id } });
/** Pause the flying execution (the aircraft hovers: `flighttask_pause`), or resume it (`flighttask_recovery`). */
export const pauseTask = (id: string) => requestData<unknown>({ url: `${TASK}/pauseTask`, params: { id } });
export const resumeTask = (id: string) => requestData<unknown>({ url: `${TASK}/resumeTask`, params: { id } });

export const taskTimeline = (taskId: string) =>
  requestData<TaskTimelineItem[]>({ url: `${TASK}/getTaskTimeline`, method: 'POST', data: { taskId } });

/** The executions planned or flown in [startTime, endTime] (server times), optionally of one dock. */
export const executionsBetween = (
  query: { startTime: string; endTime: string; hangarId?: string },
  /** a background read (the 3-hour advice): its failure is not shown, the advice only misses those flights */
  quiet = false,
) => requestData<TaskExecution[]>({ url: `${EXTRA}/queryListByTime`, params: query, quiet });

/** A task's executions (its flights), from its detail (`executionDetails` is one execution by its id). */
export const executionsOf = async (taskId: string) =>
  (await requestData<TaskDetail>({ url: `${TASK}/detail`, params: { id: taskId } })).executions;

/** The home page's task card: tasks by status, today's flights by status, and the flights in progress. */
export const taskHomeSummary = () => requestData<TaskHome>({ url: `${TASK}/getTaskToHomePage` });

/** The flights received or in progress now (`getRunningTaskList`). */
export const runningExecutions = () => requestData<TaskExecution[]>({ url: `${TASK}/getRunningTaskList` });

/** Flights that ended, newest first (`historicalRoutePage`), optionally of one result or dock. */
export const historyPage = (query: {
  current: number;
  size: number;
  taskStatus?: number;
  hangarId?: string;
  taskId?: string;
}) => requestData<Page<TaskExecution>>({ url: `${TASK}/historicalRoutePage`, params: query });

/** The planned route and one execution's flown track (`uver/task/track/list`). */
export const taskTrack = (taskId: string, executionId?: string) =>
  requestData<TaskTrack>({
    url: '/api/cloud-task/uver/task/track/list',
    params: { taskId, ...(executionId ? { executionId } : {}) },
  });

/** Give a task to an operator (`assign`); a 400 names `operatorId` (quiet: the dialog shows it by the field). */
export const assignTask = (id: string, operatorId: string) =>
  requestData<TaskDetail>({
    url: `${TASK}/assign`,
    method: 'POST',
    data: { id, operatorId },
    quiet: true,
  });

export interface OperatorOption {
  id: string;
  account: string;
  realName: string | null;
}
/** The tenant's users (the operators a task may be given to). */
export const operatorList = () => requestData<OperatorOption[]>({ url: '/api/blade-user/user-list' });

/** The routes the user may fly (the route picker of the creation flow). */
export const routeList = () => requestData<Route[]>({ url: `${ROUTE}/list` });
export const routeDetail = (id: string) =>
  requestData<RouteDetail>({ url: `${ROUTE}/detail`, params: { id } });

/**
 * A saved route's checks for a dock and a start time. `undefined` when the server has no check route (then
 * there is nothing to show, not an error).
 */
export async function checkRoute(body: {
  id: string;
  hangarId?: string | null;
  startTime?: string;
}): Promise<RouteCheck | undefined> {
  try {
    return await requestData<RouteCheck>({ url: `${ROUTE}/check`, method: 'POST', data: body, quiet: true });
  } catch (error) {
    if (error instanceof HttpError && (error.code === 404 || error.code === 405)) return undefined;
    throw error;
  }
}

/** The tenant's aircraft (`device_type` 1: a flight task's drone). */
export const aircraftList = () =>
  requestData<Page<Device>>({
    url: '/api/cloud-equipment/equipment-management/page',
    params: { type: 1, current: 1, size: 500 },
  }).then((page) => page.records);

/** The tenant's docks (the creation flow's dock step). */
export const dockList = () =>
  requestData<Page<Dock>>({
    url: '/api/cloud-equipment/uavhangar/page',
    params: { current: 1, size: 500 },
  }).then((page) => page.records);
