/**
 * The CRM worker against the real @hubspot/api-client, with HubSpot's HTTP API played by nock
 * using HubSpot's request shapes.
 */
import { Client } from '@hubspot/api-client';
import type { SQSEvent } from 'aws-lambda';
import nock from 'nock';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { HubSpotCrm } from '../integrations/crm';
import { logger } from '../lib/logger';
import { createCrmWorker } from './crm';

const HUBSPOT = 'https://api.hubapi.com';
const settings = {
  queueUrl: undefined,
  portalId: '123',
  registerFormId: 'form-1',
  contactFormId: 'form-2',
  ticketPipeline: '77',
  ticketStage: '88',
};

let sleeps: number[];
let applied: Set<string>;

function worker() {
  return createCrmWorker({
    gateway: async () => new HubSpotCrm(new Client({ accessToken: 'test-token' }), settings),
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    markApplied: async (key) => {
      const isNew = !applied.has(key);
      applied.add(key);
      return isNew;
    },
    wasApplied: async (key) => applied.has(key),
  });
}

const event = (...bodies: object[]): SQSEvent => ({
  Records: bodies.map((body, i) => ({
    messageId: `m${i + 1}`,
    receiptHandle: `r${i + 1}`,
    body: JSON.stringify(body),
    attributes: {
      ApproximateReceiveCount: '1',
      SentTimestamp: '0',
      SenderId: 'x',
      ApproximateFirstReceiveTimestamp: '0',
    },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:sa-east-1:1:crm-updates',
    awsRegion: 'sa-east-1',
  })),
});

const property = (name: string, value: string, contactId: string | null = '501') => ({
  type: 'property',
  key: `k-${name}-${value}`,
  email: 'ana@ejemplo.cl',
  contactId,
  name,
  value,
});

beforeAll(() => nock.disableNetConnect());
beforeEach(() => {
  sleeps = [];
  applied = new Set();
  vi.spyOn(logger, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  nock.cleanAll();
  vi.restoreAllMocks();
});

describe('CRM worker', () => {
  it('updates a property of the known contact with HubSpot’s PATCH shape and the bearer token', async () => {
    const scope = nock(HUBSPOT, { reqheaders: { authorization: 'Bearer test-token' } })
      .patch('/crm/v3/objects/contacts/501', { properties: { clases_restantes: '2' } })
      .reply(200, { id: '501', properties: {} });
    const result = await worker()(event(property('clases_restantes', '2')));
    expect(result.batchItemFailures).toEqual([]);
    expect(scope.isDone()).toBe(true);
  });

  it('looks the contact up by e-mail, retrying up to 4 times, then updates it', async () => {
    const scope = nock(HUBSPOT)
      .get('/crm/v3/objects/contacts/ana%40ejemplo.cl')
      .query(true)
      .times(2)
      .reply(404, { status: 'error', message: 'Object not found' })
      .get('/crm/v3/objects/contacts/ana%40ejemplo.cl')
      .query({ properties: 'email', archived: 'false', idProperty: 'email' })
      .reply(200, { id: '777', properties: { email: 'ana@ejemplo.cl' } })
      .patch('/crm/v3/objects/contacts/777', { properties: { prueba_de_acceso_elegida: 'paes' } })
      .reply(200, { id: '777' });
    const result = await worker()(event(property('prueba_de_acceso_elegida', 'paes', null)));
    expect(result.batchItemFailures).toEqual([]);
    expect(scope.isDone()).toBe(true);
    expect(sleeps).toEqual([500, 1000]);
  });

  it('gives up on the contact after 4 lookups and reports the message as failed', async () => {
    nock(HUBSPOT).get('/crm/v3/objects/contacts/ana%40ejemplo.cl').query(true).times(4).reply(404, {});
    const result = await worker()(event(property('last_login', '2026-11-22T00:00:00.000Z', null)));
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'm1' }]);
    expect(logger.error).toHaveBeenCalledWith(
      'CRM update failed',
      expect.objectContaining({
        error: expect.objectContaining({ message: expect.stringMatching(/after 4 attempts/) }),
      }),
    );
    expect(nock.pendingMocks()).toEqual([]);
  });

  it('waits as long as HubSpot’s Retry-After says on 429, then succeeds', async () => {
    const scope = nock(HUBSPOT)
      .patch('/crm/v3/objects/contacts/501')
      .reply(429, { status: 'error', message: 'rate limit' }, { 'Retry-After': '3' })
      .patch('/crm/v3/objects/contacts/501')
      .reply(200, { id: '501' });
    const result = await worker()(event(property('email_verificado', 'true')));
    expect(result.batchItemFailures).toEqual([]);
    expect(scope.isDone()).toBe(true);
    expect(sleeps).toEqual([3000]);
  });

  it('backs off on 5xx and fails only the broken message of the batch', async () => {
    nock(HUBSPOT)
      .patch('/crm/v3/objects/contacts/501', { properties: { clases_restantes: '1' } })
      .times(4)
      .reply(503, { message: 'unavailable' })
      .patch('/crm/v3/objects/contacts/501', { properties: { clases_restantes: '0' } })
      .reply(200, { id: '501' });
    const result = await worker()(
      event(property('clases_restantes', '1'), property('clases_restantes', '0')),
    );
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'm1' }]);
    expect(sleeps).toEqual([250, 500, 1000]);
  });

  it('sets marketingqualifiedlead before salesqualifiedlead, and ignores invalid or empty stages', async () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const order: string[] = [];
    for (const stage of ['marketingqualifiedlead', 'salesqualifiedlead']) {
      nock(HUBSPOT)
        .patch('/crm/v3/objects/contacts/501', { properties: { lifecyclestage: stage } })
        .reply(200, () => {
          order.push(stage);
          return { id: '501' };
        });
    }
    const result = await worker()(
      event(
        property('lifecyclestage', 'salesqualifiedlead'),
        property('lifecyclestage', 'cliente-vip'),
        property('lifecyclestage', ''),
      ),
    );
    expect(result.batchItemFailures).toEqual([]);
    expect(order).toEqual(['marketingqualifiedlead', 'salesqualifiedlead']);
    expect(warn).toHaveBeenCalledWith('Property cliente-vip is not a valid lifecycle stage');
  });

  it('creates the tutoring ticket in the configured pipeline and stage, associated with the contact, once', async () => {
    const scope = nock(HUBSPOT)
      .post('/crm/v3/objects/tickets', {
        properties: {
          hs_pipeline: '77',
          hs_pipeline_stage: '88',
          subject: 'Solicitud de tutoría — Ana Pérez',
          content: 'Opciones: …',
        },
        associations: [
          { to: { id: '501' }, types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 16 }] },
        ],
      })
      .once()
      .reply(201, { id: '9001', properties: {} });
    const ticket = {
      type: 'ticket',
      key: 'tutoring-1',
      email: 'ana@ejemplo.cl',
      contactId: '501',
      subject: 'Solicitud de tutoría — Ana Pérez',
      content: 'Opciones: …',
    };
    expect((await worker()(event(ticket))).batchItemFailures).toEqual([]);
    // Redelivered (SQS is at-least-once): applied once.
    expect((await worker()(event(ticket))).batchItemFailures).toEqual([]);
    expect(scope.isDone()).toBe(true);
  });

  it('sends a malformed message back (towards the dead-letter queue) instead of dropping it', async () => {
    const result = await worker()(event({ type: 'property', name: 'is_premium', value: 'true' }));
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'm1' }]);
  });
});
