import { describe, expect, it } from 'vitest';
import { FREE_TIER } from './constants';
import {
  allowanceRenewal,
  cancellationTicket,
  cancelReturnsHour,
  canStudentCancel,
  describeOption,
  emptyQuota,
  hoursAvailable,
  OPERATOR_TRANSITIONS,
  type QuotaRecord,
  quotaPeriod,
  type ScheduleOption,
  TUTORING_QUOTA,
  tutoringTicket,
  validateTutoringRequest,
} from './tutoring';

describe('the tutoring allowance', () => {
  it('takes its figures from the spec constants: 1 hour a month, 12 a year', () => {
    expect(TUTORING_QUOTA).toEqual({ hoursPerMonth: 1, hoursPerYear: 12 });
    expect(TUTORING_QUOTA.hoursPerMonth).toBe(FREE_TIER.tutoringHoursPerMonth);
    expect(TUTORING_QUOTA.hoursPerYear).toBe(FREE_TIER.tutoringHoursPerYear);
  });

  it('counts an hour in the Chilean month of the request, across the month boundary', () => {
    // 30 June 23:59 in Santiago (UTC−4) is 1 July 03:59 UTC: still June.
    expect(quotaPeriod(new Date('2025-07-01T03:59:59Z'))).toEqual({ year: 2025, month: 6 });
    expect(quotaPeriod(new Date('2025-07-01T04:00:00Z'))).toEqual({ year: 2025, month: 7 });
    // New Year's Eve 23:30 in Santiago (UTC−3) is already 1 January in UTC: still 2024.
    expect(quotaPeriod(new Date('2025-01-01T02:30:00Z'))).toEqual({ year: 2024, month: 12 });
    expect(quotaPeriod(new Date('2025-01-01T03:00:00Z'))).toEqual({ year: 2025, month: 1 });
  });

  it('allows one hour per month: a used June hour blocks June, not July', () => {
    const june: QuotaRecord = { months: { 6: 1 }, total: 1 };
    expect(hoursAvailable(june, 6)).toBe(0);
    expect(hoursAvailable(june, 7)).toBe(1);
    // The same instants as above: a request at 23:59 on 30 June used June's hour; at 00:00 on 1 July there is one.
    const late = quotaPeriod(new Date('2025-07-01T03:59:59Z'));
    const next = quotaPeriod(new Date('2025-07-01T04:00:00Z'));
    const afterLate: QuotaRecord = { months: { [late.month]: 1 }, total: 1 };
    expect(hoursAvailable(afterLate, late.month)).toBe(0);
    expect(hoursAvailable(afterLate, next.month)).toBe(1);
  });

  it('allows at most 12 hours in a year, whatever the months', () => {
    const full: QuotaRecord = {
      months: Object.fromEntries(Array.from({ length: 12 }, (_, i) => [i + 1, 1])),
      total: 12,
    };
    for (let month = 1; month <= 12; month++) expect(hoursAvailable(full, month)).toBe(0);
    // The year cap holds on its own, even for a month with nothing used.
    const yearSpent: QuotaRecord = { months: { 1: 1, 2: 1 }, total: 12 };
    expect(hoursAvailable(yearSpent, 3)).toBe(0);
    expect(hoursAvailable({ months: {}, total: 11 }, 3)).toBe(1);
    expect(hoursAvailable({ months: { 6: 5 }, total: 40 }, 6)).toBe(0);
    expect(hoursAvailable(emptyQuota(), 6)).toBe(1);
  });

  // Using and giving back hours is the repository's conditional write: its property test is
  // lambdas/data/tutoringRepository.test.ts.

  it('renews at the start of next month in Chile, or of next year once 12 hours are used', () => {
    const now = new Date('2025-06-15T15:00:00Z');
    expect(allowanceRenewal(emptyQuota(), now).toISOString()).toBe('2025-07-01T04:00:00.000Z');
    expect(allowanceRenewal({ months: { 6: 1 }, total: 1 }, now).toISOString()).toBe(
      '2025-07-01T04:00:00.000Z',
    );
    expect(allowanceRenewal({ months: { 6: 1 }, total: 12 }, now).toISOString()).toBe(
      '2026-01-01T03:00:00.000Z',
    );
    // 31 December 23:30 in Santiago: renews at the Chilean New Year, 03:00 UTC.
    expect(allowanceRenewal(emptyQuota(), new Date('2025-01-01T02:30:00Z')).toISOString()).toBe(
      '2025-01-01T03:00:00.000Z',
    );
  });
});

describe('cancelling', () => {
  const now = new Date('2025-06-15T15:00:00Z');

  it('lets the student cancel a request that has not taken place', () => {
    expect(canStudentCancel({ state: 'solicitada' }, now)).toBe(true);
    expect(canStudentCancel({ state: 'agendada', scheduledAt: '2025-06-16T15:00:00.000Z' }, now)).toBe(true);
    expect(canStudentCancel({ state: 'agendada', scheduledAt: '2025-06-15T14:00:00.000Z' }, now)).toBe(false);
    expect(canStudentCancel({ state: 'realizada', scheduledAt: '2025-06-01T14:00:00.000Z' }, now)).toBe(
      false,
    );
    expect(canStudentCancel({ state: 'cancelada' }, now)).toBe(false);
  });

  it('returns the hour only for requests that did not take place; operators follow the transitions', () => {
    expect(cancelReturnsHour('solicitada')).toBe(true);
    expect(cancelReturnsHour('agendada')).toBe(true);
    expect(cancelReturnsHour('realizada')).toBe(false);
    expect(OPERATOR_TRANSITIONS.solicitada).toContain('agendada');
    expect(OPERATOR_TRANSITIONS.agendada).toContain('realizada');
    expect(OPERATOR_TRANSITIONS.realizada).toEqual([]);
    expect(OPERATOR_TRANSITIONS.cancelada).toEqual([]);
  });
});

describe('validating a request', () => {
  // Monday 16 June 2025, 10:00 in Santiago.
  const now = new Date('2025-06-16T14:00:00Z');
  const option = (date: string, start = '15:00', end = '17:00'): ScheduleOption => ({ date, start, end });
  const valid = { scheduleOptions: { A: option('2025-06-18') }, doubts: 'Fracciones y porcentajes' };

  it('accepts option A alone, or with B and C', () => {
    expect(validateTutoringRequest(valid, now)).toEqual({});
    expect(
      validateTutoringRequest(
        {
          scheduleOptions: { A: option('2025-06-18'), B: option('2025-06-19', '08:00', '09:00'), C: null },
          doubts: 'Geometría',
        },
        now,
      ),
    ).toEqual({});
    // Today, later on; and the last day allowed, 60 days ahead.
    expect(
      validateTutoringRequest(
        { ...valid, scheduleOptions: { A: option('2025-06-16', '10:30', '11:30') } },
        now,
      ),
    ).toEqual({});
    expect(
      validateTutoringRequest(
        { ...valid, scheduleOptions: { A: option('2025-08-15', '20:00', '22:00') } },
        now,
      ),
    ).toEqual({});
  });

  it('requires option A and the doubts; an untouched B or C is simply absent', () => {
    expect(
      validateTutoringRequest(
        {
          scheduleOptions: { A: { date: '', start: '', end: '' }, B: { date: '', start: '', end: '' } },
          doubts: '  ',
        },
        now,
      ),
    ).toEqual({ 'A.date': 'required', 'A.start': 'required', 'A.end': 'required', doubts: 'required' });
    expect(validateTutoringRequest({ scheduleOptions: {}, doubts: 'x' }, now)).toMatchObject({
      'A.date': 'required',
    });
  });

  it('requires every field of a B or C that was started', () => {
    expect(
      validateTutoringRequest(
        { ...valid, scheduleOptions: { A: option('2025-06-18'), C: { date: '2025-06-20' } } },
        now,
      ),
    ).toEqual({ 'C.start': 'required', 'C.end': 'required' });
  });

  it('refuses days that do not exist, the past and more than 60 days ahead', () => {
    const a = (date: string, start?: string, end?: string) =>
      validateTutoringRequest({ ...valid, scheduleOptions: { A: option(date, start, end) } }, now);
    expect(a('2025-02-30')).toEqual({ 'A.date': 'invalidDate' });
    expect(a('18/06/2025')).toEqual({ 'A.date': 'invalidDate' });
    expect(a('2025-06-15')).toEqual({ 'A.date': 'past' });
    expect(a('2025-06-16', '09:00', '11:00')).toEqual({ 'A.start': 'past' });
    expect(a('2025-08-16')).toEqual({ 'A.date': 'tooFarAhead' });
  });

  it('keeps the window within 08:00–22:00, in order and at least an hour long', () => {
    const a = (start: string, end: string) =>
      validateTutoringRequest({ ...valid, scheduleOptions: { A: option('2025-06-18', start, end) } }, now);
    expect(a('07:30', '09:00')).toEqual({ 'A.start': 'beforeOpening' });
    expect(a('21:00', '22:30')).toEqual({ 'A.end': 'afterClosing' });
    expect(a('17:00', '15:00')).toEqual({ 'A.end': 'endBeforeStart' });
    expect(a('15:00', '15:00')).toEqual({ 'A.end': 'endBeforeStart' });
    expect(a('15:00', '15:45')).toEqual({ 'A.end': 'tooShort' });
    expect(a('3pm', '25:00')).toEqual({ 'A.start': 'invalidTime', 'A.end': 'invalidTime' });
    expect(a('08:00', '22:00')).toEqual({});
  });

  it('refuses an option that repeats another', () => {
    expect(
      validateTutoringRequest(
        {
          ...valid,
          scheduleOptions: { A: option('2025-06-18'), B: option('2025-06-18'), C: option('2025-06-18') },
        },
        now,
      ),
    ).toEqual({ 'B.date': 'duplicate', 'C.date': 'duplicate' });
  });

  it('limits the doubts to 1000 characters', () => {
    expect(validateTutoringRequest({ ...valid, doubts: 'a'.repeat(1000) }, now)).toEqual({});
    expect(validateTutoringRequest({ ...valid, doubts: 'a'.repeat(1001) }, now)).toEqual({
      doubts: 'tooLong',
    });
    // Surrounding spaces do not count.
    expect(validateTutoringRequest({ ...valid, doubts: ` ${'a'.repeat(1000)} ` }, now)).toEqual({});
  });

  it('judges "today" in Chile: late evening in Santiago is already tomorrow in UTC', () => {
    // 16 June 21:30 in Santiago = 17 June 01:30 UTC; the 16th is still today, the 17th tomorrow.
    const evening = new Date('2025-06-17T01:30:00Z');
    expect(
      validateTutoringRequest(
        { ...valid, scheduleOptions: { A: option('2025-06-16', '20:00', '22:00') } },
        evening,
      ),
    ).toEqual({ 'A.start': 'past' });
    expect(
      validateTutoringRequest(
        { ...valid, scheduleOptions: { A: option('2025-06-17', '08:00', '09:00') } },
        evening,
      ),
    ).toEqual({});
  });
});

describe('the CRM ticket', () => {
  const student = { name: 'Camila Rojas', email: 'camila@ejemplo.cl', phone: '+56912345678' };
  const request = {
    scheduleOptions: {
      A: { date: '2025-07-07', start: '15:00', end: '17:00' },
      B: { date: '2025-07-08', start: '09:00', end: '10:30' },
    },
    doubts: '  Ecuaciones de segundo grado\ny porcentajes ',
  };

  it('announces the request with name, e-mail, phone, the options in Chile time and the doubts', () => {
    const ticket = tutoringTicket(student, request, 'sub-1/01J0000000000000000000000');
    expect(ticket.subject).toBe('Solicitud de tutoría: Camila Rojas');
    expect(ticket.content).toContain('Nombre: Camila Rojas');
    expect(ticket.content).toContain('Correo: camila@ejemplo.cl');
    expect(ticket.content).toContain('Teléfono: +56912345678');
    expect(ticket.content).toContain('Opción A: lunes, 7 de julio de 2025, de 15:00 a 17:00');
    expect(ticket.content).toContain('Opción B: martes, 8 de julio de 2025, de 09:00 a 10:30');
    expect(ticket.content).not.toContain('Opción C');
    expect(ticket.content).toContain('America/Santiago');
    expect(ticket.content).toContain('Dudas:\nEcuaciones de segundo grado\ny porcentajes\n');
    expect(ticket.content).toContain('Referencia: sub-1/01J0000000000000000000000');
  });

  it('says when the phone is unknown, and keeps the subject within HubSpot’s 200 characters', () => {
    const ticket = tutoringTicket({ ...student, phone: null, name: 'N'.repeat(300) }, request, 'r');
    expect(ticket.content).toContain('Teléfono: no informado');
    expect(ticket.subject.length).toBe(200);
  });

  it('describes a cancelled request with the time it was scheduled for', () => {
    const ticket = cancellationTicket(student, { ...request, scheduledAt: '2025-07-07T19:00:00.000Z' }, 'r');
    expect(ticket.subject).toBe('Tutoría cancelada: Camila Rojas');
    expect(ticket.content).toContain(
      'Estaba agendada para: lunes, 7 de julio de 2025, 15:00 (hora de Chile)',
    );
    expect(describeOption(request.scheduleOptions.A)).toBe('lunes, 7 de julio de 2025, de 15:00 a 17:00');
  });
});
