import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SystemEvent } from '../../generated/prisma/client.ts';
import type { RestContext } from '../../rest/http.ts';
import { assertAdmin } from '../auth/public.ts';
import { eventLevel } from '../events/service.ts';
import { pageFromQuery } from '../../platform/paging.ts';
import type { CustomerRow } from './service.ts';

type JsonFields = Record<string, unknown>;

const fieldsOf = (value: unknown): JsonFields =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonFields) : {};

const userIdOf = (request: FastifyRequest) => (request.params as { user_id: string }).user_id;

/** The spec's admin calls. The whole scope is the admin's: anyone else is refused before any input is read. */
export function adminRoutes(app: FastifyInstance, { services }: RestContext): void {
  const { admin, events: eventLog, whatsapp } = services;

  void app.register(async (scope) => {
    scope.addHook('preHandler', async (request) => assertAdmin(request.viewer));

    scope.get('/admin/overview', async (request) => {
      const overview = await admin.overview(request.viewer);
      return {
        total_users: overview.totalUsers,
        active_bots: overview.activeBots,
        conversations: overview.conversations,
        revenue: overview.revenue,
        users_change: overview.usersChange,
        bots_change: overview.botsChange,
        conversations_change: overview.conversationsChange,
        revenue_change: overview.revenueChange,
        recent_users: overview.recentUsers.map((row) => ({
          id: row.id,
          name: row.name,
          email: row.email,
          status: row.status,
          plan: row.plan,
          joinDate: row.joinDate.toISOString(),
        })),
        top_bots: overview.topBots,
      };
    });

    scope.get('/admin/customers', async (request) => {
      const query = fieldsOf(request.query);
      const page = pageFromQuery(query);
      const [{ rows, total }, stats] = await Promise.all([
        admin.customers(request.viewer, { search: query.search, status: query.status }, page),
        admin.customerStats(request.viewer),
      ]);
      return { customers: rows.map(customerJson), total, page: page.page, page_size: page.pageSize, stats };
    });

    scope.post('/admin/suspend/:user_id', async (request) => {
      const customer = await admin.suspend(request.viewer, userIdOf(request));
      return { message: `${customer.email} is suspended and signed out.` };
    });

    scope.post('/admin/enable/:user_id', async (request) => {
      const customer = await admin.enable(request.viewer, userIdOf(request));
      return { message: `${customer.email} is active again.` };
    });

    scope.post('/admin/customers/:user_id/credits', async (request) => {
      const { amount, reason } = fieldsOf(request.body);
      const customer = await admin.grantCredits(request.viewer, userIdOf(request), { amount, reason });
      return { message: `Credits granted to ${customer.email}.`, customer: customerJson(customer) };
    });

    scope.post('/admin/customers/:user_id/email', async (request) => {
      const { subject, message } = fieldsOf(request.body);
      return admin.sendEmail(request.viewer, userIdOf(request), { subject, message });
    });

    for (const path of ['/admin/config/', '/admin/config']) {
      scope.get(path, async (request) => (await admin.config(request.viewer)).map(({ key, value }) => ({ key, value })));
      scope.put(path, async (request) => {
        const { key, value } = await admin.setConfig(request.viewer, fieldsOf(request.body));
        return { key, value };
      });
    }

    scope.get('/admin/analytics/events', async (request) => {
      const query = fieldsOf(request.query);
      const page = pageFromQuery(query);
      const { rows: events, total } = await eventLog.log(request.viewer, eventFilterFromQuery(query), page);
      return { success: true, events: events.map(eventJson), total, page: page.page, page_size: page.pageSize };
    });

    scope.get('/admin/analytics/events/export', async (request, reply) => {
      const csv = await eventLog.logCsv(request.viewer, eventFilterFromQuery(fieldsOf(request.query)));
      return reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="system-events.csv"').send(csv);
    });

    scope.get('/admin/whatsapplogs', async (request) => {
      const query = fieldsOf(request.query);
      const page = pageFromQuery(query);
      const { rows, total } = await whatsapp.traffic.logs(request.viewer, { search: query.search }, page);
      return {
        logs: rows.map((row) => ({
          id: row.id,
          timestamp: row.timestamp.toISOString(),
          phone: row.phone,
          user_name: row.userName,
          user_email: row.userEmail,
          bot_name: row.botName,
          message: row.message,
          response: row.response,
        })),
        total,
        page: page.page,
        page_size: page.pageSize,
      };
    });

    scope.get('/admin/whatsapplogs/analytics', async (request) => {
      const analytics = await whatsapp.traffic.analytics(request.viewer);
      return {
        whatsapp_messages: analytics.whatsappMessages,
        unique_whatsapp_numbers: analytics.uniqueWhatsappNumbers,
        messages_today: analytics.messagesToday,
      };
    });
  });
}

function eventFilterFromQuery(query: JsonFields) {
  return { level: query.level, category: query.category, search: query.search, from: query.from, to: query.to };
}

function eventJson(event: SystemEvent) {
  return {
    id: event.id,
    timestamp: event.timestamp.toISOString(),
    event: event.event,
    category: event.category,
    details: event.details,
    level: eventLevel(event.event),
  };
}

function customerJson(row: CustomerRow) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    plan: row.plan,
    status: row.status,
    joinDate: row.joinDate.toISOString(),
    lastActive: row.lastActive?.toISOString() ?? null,
    bots: row.bots,
    conversations: row.conversations,
    revenue: row.revenue,
    credit_balance: row.creditBalance,
  };
}
