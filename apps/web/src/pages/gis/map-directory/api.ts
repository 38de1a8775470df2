import {
  MARK_KIND_INFO,
  type MapDir,
  type MapDirSubmit,
  type MapMark,
  type MapMarkSubmit,
  type MarkKind,
} from '@aos/contract';
import { requestData } from '../../../api/http';

const GIS = '/api/aos-gisservice';

/** mapdir/submit: add a directory (no id) or rename / move one. */
export const submitDir = (body: Partial<MapDirSubmit> & { name: string }) =>
  requestData<MapDir>({ url: `${GIS}/mapdir/submit`, method: 'POST', data: body });

/** mapdir/removeDir: an empty directory (the server refuses one holding directories or marks, naming it). */
export const removeDir = (id: string) =>
  requestData<number>({ url: `${GIS}/mapdir/removeDir`, method: 'POST', params: { ids: id } });

/** mapmarkpoint/line/polygon submit: add (no id) or update a mark of that kind. */
export const submitMark = (kind: MarkKind, body: MapMarkSubmit) =>
  requestData<MapMark>({ url: `${GIS}/${MARK_KIND_INFO[kind].path}/submit`, method: 'POST', data: body });

/** mapmarkpoint/line/polygon remove. */
export const removeMark = (kind: MarkKind, id: string) =>
  requestData<number>({
    url: `${GIS}/${MARK_KIND_INFO[kind].path}/remove`,
    method: 'POST',
    params: { ids: id },
  });
