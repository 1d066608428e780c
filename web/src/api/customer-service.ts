import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  Attendance,
  AttendanceDetail,
  AttendanceList,
  AttendanceMessage,
  AttendanceMessages,
  AttendanceUpdateResult,
  Attendant,
  AttendantList,
  ChannelFlow,
  Department,
  DepartmentList,
  FlowError,
  FlowSaveResult,
  SaveResult,
  SendMessageResult,
} from '@freguesia/shared/schemas/customer-service';
import { ApiError, api } from './client';
import { tenantKey } from './query';

/**
 * Customer service (spec part 3 §7 'Customer service'; paths as the shared schema's comment
 * lists them): the open conversations, a conversation's messages, the staff's reply, the
 * conversation update (finish, reassign user or department), the attendants, the departments,
 * and the channel's bot flow, with their query hooks.
 */

export type { Attendance, AttendanceDetail, AttendanceMessage, Attendant, Department, FlowError };

const CS = 'customer-service';
const BASE = '/web/customer-service';

export interface AttendanceFilter {
  q: string;
  /** The button group's department (undefined: every department the user sees). */
  id_department?: number;
}

/** GET /web/customer-service/attendances?q&id_department&cursor: one page of open conversations. */
export async function listAttendances(
  filter: AttendanceFilter & { cursor?: string },
  signal?: AbortSignal,
): Promise<AttendanceList> {
  return api.get<AttendanceList>(`${BASE}/attendances`, {
    query: { q: filter.q || undefined, id_department: filter.id_department, cursor: filter.cursor },
    signal,
  });
}

/** GET /web/customer-service/messages?id: the messages and the attendance. */
export async function getConversation(id: number, signal?: AbortSignal): Promise<AttendanceMessages> {
  return api.get<AttendanceMessages>(`${BASE}/messages`, { query: { id }, signal });
}

/** POST /web/customer-service/message/send {id, text}. */
export async function sendMessage(body: { id: number; text: string }): Promise<SendMessageResult> {
  return api.post<SendMessageResult>(`${BASE}/message/send`, body);
}

/** The conversation update (spec §7: exactly one of id_user, id_department, active:false). */
export type AttendanceUpdate =
  { id: number; id_user: number } | { id: number; id_department: number } | { id: number; active: false };

/** PUT /web/customer-service/attendance. */
export async function updateAttendance(body: AttendanceUpdate): Promise<AttendanceUpdateResult> {
  return api.put<AttendanceUpdateResult>(`${BASE}/attendance`, body);
}

/** GET /web/customer-service/attendants: who may take a conversation. */
export async function listAttendants(signal?: AbortSignal): Promise<Attendant[]> {
  return (await api.get<AttendantList>(`${BASE}/attendants`, { signal })).data;
}

/** GET /web/customer-service/departments. */
export async function listDepartments(signal?: AbortSignal): Promise<Department[]> {
  return (await api.get<DepartmentList>(`${BASE}/departments`, { signal })).data;
}

/** The department form's body (spec §7: {name, id_channel, active, users}; `id` on edit). */
export interface DepartmentBody {
  id?: number;
  name: string;
  id_channel: number;
  active: boolean;
  users: number[];
}

/** POST /web/customer-service/department/new, or PUT /web/customer-service/department with `id`. */
export async function saveDepartment(body: DepartmentBody): Promise<SaveResult> {
  return body.id === undefined
    ? api.post<SaveResult>(`${BASE}/department/new`, body)
    : api.put<SaveResult>(`${BASE}/department`, body);
}

/** GET /web/customer-service/channel/flow?id. */
export async function getChannelFlow(id: number, signal?: AbortSignal): Promise<ChannelFlow> {
  return api.get<ChannelFlow>(`${BASE}/channel/flow`, { query: { id }, signal });
}

/** PUT /web/customer-service/channel/flow {id_channel, flow as JSON text}. */
export async function saveChannelFlow(body: { id_channel: number; flow: string }): Promise<FlowSaveResult> {
  return api.put<FlowSaveResult>(`${BASE}/channel/flow`, body);
}

/** The flow problems of a 400 answer to the flow's PUT (`flow_errors`), else []. */
export function rejectedFlowErrors(error: unknown): FlowError[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  const body = error.body as { flow_errors?: unknown } | undefined;
  const list = body && typeof body === 'object' ? body.flow_errors : undefined;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (e): e is FlowError =>
      typeof e === 'object' && e !== null && typeof (e as FlowError).message === 'string',
  );
}

// ---------------------------------------------------------------- hooks

export const conversationKey = (id: number) => tenantKey(CS, 'messages', id);

/**
 * The open conversations (pages by cursor), refreshed every `refetchInterval` ms so new ones
 * appear without a reload.
 */
export const useAttendances = (filter: AttendanceFilter, refetchInterval: number | false = false) =>
  useInfiniteQuery({
    queryKey: tenantKey(CS, 'attendances', filter),
    queryFn: ({ signal, pageParam }) => listAttendances({ ...filter, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor ?? undefined,
    placeholderData: keepPreviousData,
    refetchInterval,
  });

/** One conversation (messages + attendance), refreshed every `refetchInterval` ms while open. */
export const useConversation = (id: number, refetchInterval: number) =>
  useQuery({
    queryKey: conversationKey(id),
    queryFn: ({ signal }) => getConversation(id, signal),
    refetchInterval,
    staleTime: 0,
  });

export function useSendMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: (_answer, body) => client.invalidateQueries({ queryKey: conversationKey(body.id) }),
  });
}

export function useUpdateAttendance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateAttendance,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: tenantKey(CS, 'attendances') }),
        client.invalidateQueries({ queryKey: tenantKey(CS, 'messages') }),
      ]),
  });
}

export const useAttendants = () =>
  useQuery({ queryKey: tenantKey(CS, 'attendants'), queryFn: ({ signal }) => listAttendants(signal) });

export const useDepartments = () =>
  useQuery({ queryKey: tenantKey(CS, 'departments'), queryFn: ({ signal }) => listDepartments(signal) });

export function useSaveDepartment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveDepartment,
    onSuccess: () => client.invalidateQueries({ queryKey: tenantKey(CS, 'departments') }),
  });
}

/** The service channels (the department form's and the editor's select): the WhatsApp domain's list, one cache. */
export { useChannels as useServiceChannels } from './whatsapp';

/** The channel's flow; always read fresh (the editor starts from what is saved). */
export const useChannelFlow = (id: number) =>
  useQuery({
    queryKey: tenantKey(CS, 'flow', id),
    queryFn: ({ signal }) => getChannelFlow(id, signal),
    staleTime: 0,
    gcTime: 0,
    enabled: id > 0,
  });

export const useSaveChannelFlow = () => useMutation({ mutationFn: saveChannelFlow });
