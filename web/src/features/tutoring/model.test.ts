import { describe, expect, it } from 'vitest';
import { tutoringText } from '../../i18n/tutoring';
import { dateBounds, emptyDraft, toRequestBody, validateDraft } from './model';

// Monday 16 June 2025, 10:00 in Santiago.
const now = new Date('2025-06-16T14:00:00Z');

describe('the request draft', () => {
  it('sends A always and B or C only when filled in, trimmed', () => {
    const draft = emptyDraft();
    draft.options.A = { date: '2025-06-18', start: '15:00', end: '17:00' };
    draft.options.C = { date: ' 2025-06-19 ', start: '09:00', end: '10:00' };
    draft.doubts = '  Fracciones \n';
    expect(toRequestBody(draft)).toEqual({
      scheduleOptions: {
        A: { date: '2025-06-18', start: '15:00', end: '17:00' },
        B: null,
        C: { date: '2025-06-19', start: '09:00', end: '10:00' },
      },
      doubts: 'Fracciones',
    });
  });

  it('words the shared rules for the form, field by field', () => {
    const draft = emptyDraft();
    draft.options.A = { date: '2025-06-15', start: '07:00', end: '07:30' };
    draft.options.B = { date: '2025-06-18', start: '', end: '' };
    expect(validateDraft(draft, now)).toEqual({
      'A.date': tutoringText.problems.past,
      'A.start': tutoringText.problems.beforeOpening,
      'A.end': tutoringText.problems.tooShort,
      'B.start': tutoringText.problems.required,
      'B.end': tutoringText.problems.required,
      doubts: tutoringText.problems.required,
    });
    draft.options.A = { date: '2025-06-18', start: '15:00', end: '17:00' };
    draft.options.B = { date: '', start: '', end: '' };
    draft.doubts = 'Geometría';
    expect(validateDraft(draft, now)).toEqual({});
  });

  it('offers dates from today to 60 days ahead, in Chile', () => {
    expect(dateBounds(now)).toEqual({ min: '2025-06-16', max: '2025-08-15' });
    // 21:30 on the 16th in Santiago is the 17th in UTC: today is still the 16th.
    expect(dateBounds(new Date('2025-06-17T01:30:00Z')).min).toBe('2025-06-16');
  });
});

describe('the spec messages', () => {
  it('are reproduced exactly, accents fixed', () => {
    expect(tutoringText.requestError).toBe('Ups, algo salió mal o no tienes tutorías disponibles.');
    expect(tutoringText.cancelError).toBe(
      'Ocurrió un error al intentar cancelar la tutoría, intenta más tarde por favor.',
    );
  });
});
