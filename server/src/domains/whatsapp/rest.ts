import type { FastifyInstance } from 'fastify';
import type { LinkedNumber } from './service.ts';
import { requireViewer, type RestContext } from '../../rest/http.ts';

function linkedNumberJson(link: LinkedNumber) {
  return { id: link.id, phone_number: link.phoneNumber, linked_at: link.linkedAt.toISOString() };
}

/** The spec's /whatsapp routes: linking numbers to bots, and Meta's webhook. */
export function whatsAppRoutes(app: FastifyInstance, { services }: RestContext): void {
  const { whatsapp } = services;

  app.get('/whatsapp/generate-registration-qr/:botId', async (request, reply) => {
    const { botId } = request.params as { botId: string };
    const qr = await whatsapp.registrationQr(requireViewer(request).id, botId);
    return reply
      .type('image/png')
      .header('cache-control', 'no-store')
      .header('x-registration-link', qr.link)
      .header('x-expires-at', qr.expiresAt.toISOString())
      .send(qr.png);
  });

  app.post('/whatsapp/register-bot-link', async (request) => {
    const body = (request.body ?? {}) as { bot_id?: unknown; phone_number?: unknown };
    const { link } = await whatsapp.linkNumber(requireViewer(request).id, { botId: body.bot_id, phoneNumber: body.phone_number });
    return { ...linkedNumberJson(link), message: 'WhatsApp number linked.' };
  });

  app.get('/whatsapp/linked-numbers/:botId', async (request) => {
    const { botId } = request.params as { botId: string };
    const numbers = await whatsapp.linkedNumbers(requireViewer(request).id, botId);
    return numbers.map(linkedNumberJson);
  });

  app.delete('/whatsapp/unlink-number/:botId/:numberId', async (request) => {
    const { botId, numberId } = request.params as { botId: string; numberId: string };
    await whatsapp.unlinkNumber(requireViewer(request).id, botId, numberId);
    return { message: 'Deleted' };
  });

  app.get('/whatsapp/webhook', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const challenge = await whatsapp.verifySubscription(query['hub.mode'], query['hub.verify_token'], query['hub.challenge']);
    return reply.type('text/plain').send(challenge);
  });

  // Meta signs the exact bytes it sent: this route alone keeps the raw body.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post('/whatsapp/webhook', async (request) => {
      const signature = request.headers['x-hub-signature-256'];
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const result = await whatsapp.receiveDelivery(body, typeof signature === 'string' ? signature : undefined);
      return { received: true, queued: result.queued };
    });
  });
}
