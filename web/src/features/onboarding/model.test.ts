import { describe, expect, it } from 'vitest';
import { initialForm, parsePoints, toDraft, toggleTest, withCourse, withProfile } from './model';

const TODAY = '2026-11-22';
const LECTORA = 'paes_competencia_lectora';
const M1 = 'paes_competencia_matematica_m1';

describe('onboarding form', () => {
  it('starts a new student on the PAES with nothing else chosen', () => {
    expect(initialForm({})).toEqual({
      course: 'paes',
      profile: '',
      selectedTests: [],
      date: '',
      targetPoints: '',
    });
    expect(initialForm({ course: 'pdt', targetPoints: 600 })).toMatchObject({
      course: 'pdt',
      targetPoints: '600',
    });
  });

  it('adds the compulsory PAES tests when a profile is chosen, in the profile’s order', () => {
    const form = withProfile(initialForm({}), 'emch-cientifico-humanista');
    expect(form.selectedTests).toEqual([M1, LECTORA]);
  });

  it('keeps compulsory tests when the student tries to remove them, and toggles the others', () => {
    let form = withProfile(initialForm({}), 'emch-cientifico-humanista');
    form = toggleTest(form, LECTORA);
    expect(form.selectedTests).toContain(LECTORA);
    form = toggleTest(form, 'paes_ciencias_electiva_fisica');
    expect(form.selectedTests).toEqual([M1, LECTORA, 'paes_ciencias_electiva_fisica']);
    form = toggleTest(form, 'paes_ciencias_electiva_fisica');
    expect(form.selectedTests).toEqual([M1, LECTORA]);
  });

  it('drops tests the new profile does not offer', () => {
    let form = withProfile(initialForm({}), 'emch-cientifico-humanista');
    form = toggleTest(form, 'paes_ciencias_electiva_biologia');
    form = toggleTest(form, 'paes_historia_ciencias_sociales');
    form = withProfile(form, 'emtp-tecnico-profesional');
    expect(form.selectedTests).toEqual([M1, LECTORA, 'paes_historia_ciencias_sociales']);
  });

  it('starts the tests again and keeps only a date the new course offers when the course changes', () => {
    let form = withProfile(initialForm({}), 'emtp-tecnico-profesional');
    form = { ...form, date: 'verano-2026' };
    form = withCourse(form, 'pdt', TODAY);
    expect(form).toMatchObject({
      course: 'pdt',
      profile: 'emtp-tecnico-profesional',
      selectedTests: [],
      date: '',
    });
    form = withCourse({ ...form, date: 'otra' }, 'paes', TODAY);
    expect(form).toMatchObject({ selectedTests: [M1, LECTORA], date: 'otra' });
  });

  it('reads target points as a whole number, Chilean thousands separator included', () => {
    expect(parsePoints('750')).toBe(750);
    expect(parsePoints(' 1.000 ')).toBe(1000);
    expect(parsePoints('')).toBeUndefined();
    expect(parsePoints('650,5')).toBeNaN();
    expect(parsePoints('650.5')).toBeNaN();
    expect(parsePoints('mil')).toBeNaN();
    expect(parsePoints('-5')).toBeNaN();
  });

  it('turns the form into the draft the rules check', () => {
    const form = { course: 'paes', profile: '', selectedTests: [], date: '', targetPoints: '800' };
    expect(toDraft(form)).toEqual({
      course: 'paes',
      profile: undefined,
      selectedTests: [],
      date: undefined,
      targetPoints: 800,
    });
  });
});
