import {
  AttendanceListQuery,
  AttendanceMessagesQuery,
  AttendanceUpdateInput,
  ChannelFlowInput,
  ChannelFlowQuery,
  DepartmentIdQuery,
  DepartmentInput,
  SendMessageInput,
} from '@freguesia/shared/schemas/customer-service';
import * as z from 'zod';
import { route } from '../lib/http/route';
import {
  attendanceMessages,
  listAttendances,
  listAttendants,
  sendReply,
  updateAttendance,
} from './conversations.service';
import {
  createDepartment,
  deleteDepartment,
  getChannelFlow,
  getDepartment,
  listDepartments,
  saveChannelFlow,
  updateDepartment,
} from './departments.service';

const ATTEND = { action: 'write', subject: 'Attendances' } as const;
const SETTINGS_READ = { action: 'read', subject: 'Settings' } as const;
const SETTINGS_WRITE = { action: 'write', subject: 'Settings' } as const;

/** PUT on the message-send path: the spec's department edit (§7, "noted as odd"). */
const DepartmentEdit = DepartmentInput.extend({
  id: z.coerce.number().int().positive('Informe o id do setor.'),
});

/** Customer service (spec part 3 §7 'Customer service'; shared/schemas/customer-service.ts lists the answers). */
export const routes = [
  route({
    method: 'GET',
    path: '/api/web/customer-service/attendances',
    permission: ATTEND,
    query: AttendanceListQuery,
    handler: ({ service, query }) => listAttendances(service, query),
  }),
  route({
    method: 'GET',
    path: '/api/web/customer-service/messages',
    permission: ATTEND,
    query: AttendanceMessagesQuery,
    handler: ({ service, query }) => attendanceMessages(service, query.id),
  }),
  route({
    method: 'POST',
    path: '/api/web/customer-service/message/send',
    permission: ATTEND,
    body: SendMessageInput,
    handler: ({ service, body }) => sendReply(service, body),
  }),
  route({
    method: 'PUT',
    path: '/api/web/customer-service/message/send',
    permission: SETTINGS_WRITE,
    body: DepartmentEdit,
    handler: ({ service, body }) => updateDepartment(service, body),
  }),
  route({
    method: 'PUT',
    path: '/api/web/customer-service/attendance',
    permission: ATTEND,
    body: AttendanceUpdateInput,
    handler: ({ service, body }) => updateAttendance(service, body),
  }),
  // Any signed-in staff: the service lets in write Attendances and the settings' readers.
  route({
    method: 'GET',
    path: '/api/web/customer-service/attendants',
    permission: null,
    handler: ({ service }) => listAttendants(service),
  }),
  route({
    method: 'GET',
    path: '/api/web/customer-service/departments',
    permission: null,
    handler: ({ service }) => listDepartments(service),
  }),
  route({
    method: 'GET',
    path: '/api/web/customer-service/department',
    permission: null,
    query: DepartmentIdQuery,
    handler: ({ service, query }) => getDepartment(service, query.id),
  }),
  route({
    method: 'POST',
    path: '/api/web/customer-service/department/new',
    permission: SETTINGS_WRITE,
    body: DepartmentInput,
    handler: ({ service, body }) => createDepartment(service, body),
  }),
  route({
    method: 'PUT',
    path: '/api/web/customer-service/department',
    permission: SETTINGS_WRITE,
    body: DepartmentEdit,
    handler: ({ service, body }) => updateDepartment(service, body),
  }),
  route({
    method: 'DELETE',
    path: '/api/web/customer-service/department',
    permission: SETTINGS_WRITE,
    query: DepartmentIdQuery,
    handler: ({ service, query }) => deleteDepartment(service, query.id),
  }),
  route({
    method: 'GET',
    path: '/api/web/customer-service/channel/flow',
    permission: SETTINGS_READ,
    query: ChannelFlowQuery,
    handler: ({ service, query }) => getChannelFlow(service, query.id),
  }),
  route({
    method: 'PUT',
    path: '/api/web/customer-service/channel/flow',
    permission: SETTINGS_WRITE,
    body: ChannelFlowInput,
    handler: ({ service, body }) => saveChannelFlow(service, body),
  }),
];
