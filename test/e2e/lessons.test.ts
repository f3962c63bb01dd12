/**
 * Journey 5 of issue 13: a free student studies a subject — the study text, the trivia with its
 * feedback, submodule after submodule — until the free allowance blocks, and is offered premium.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import subject from '../../content/subjects/numeros-algebra-funciones.json';
import { apiCall } from '../helpers/localUsers';
import { closeBrowser, openJourney } from './browser';
import { registeredStudent, signInWithForm } from './students';

const stack = inject('e2eStack');

afterAll(closeBrowser);

const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).textContent();

/** The content's key for each question of a submodule, from the same files the stack loaded. */
function keysOf(lessonIndex: number, submoduleIndex: number): string[] {
  const submodule = subject.lessons[lessonIndex]?.submodules[submoduleIndex];
  if (!submodule) throw new Error(`No submodule ${lessonIndex}/${submoduleIndex}`);
  return submodule.trivia.map((question) => {
    const key = question.alternatives.find((alternative) => 'correct' in alternative && alternative.correct);
    if (!key) throw new Error(`No key for ${question.id}`);
    return key.id;
  });
}

/**
 * Answers the open submodule's trivia: right, except the questions listed in `wrong`. Checks the
 * feedback of each answer and returns at the summary.
 */
async function answerTrivia(
  page: Page,
  keys: string[],
  options: { wrong?: number[]; onFeedback?: (index: number) => Promise<void> } = {},
) {
  await page.getByRole('button', { name: 'Ir a la trivia' }).click();
  for (const [index, key] of keys.entries()) {
    const choice = options.wrong?.includes(index) ? (key === 'A' ? 'B' : 'A') : key;
    await expect
      .poll(() => page.getByText(`Pregunta ${index + 1} de ${keys.length}`, { exact: true }).count())
      .toBe(1);
    await page.getByRole('radio', { name: new RegExp(`^${choice}\\. `) }).check();
    await page.getByRole('button', { name: 'Confirmar respuesta' }).click();
    const feedback = page.getByRole('status').filter({ hasText: 'Explicación' });
    await feedback.waitFor();
    expect(await feedback.textContent()).toContain(
      choice === key ? '¡Correcto!' : `Incorrecto. La respuesta correcta es la ${key}.`,
    );
    expect(await page.getByRole('radio', { name: new RegExp(`^${key}\\. `) }).isDisabled()).toBe(true);
    await options.onFeedback?.(index);
    const last = index === keys.length - 1;
    await page.getByRole('button', { name: last ? 'Ver resumen' : 'Siguiente pregunta' }).click();
  }
  const right = keys.length - (options.wrong?.length ?? 0);
  await page.getByText(`Respondiste bien ${right} de ${keys.length} preguntas.`).waitFor();
  expect(await page.getByText('Submódulo completado.').count()).toBe(1);
}

/** The subject overview's badge for each lesson, in order. */
const lessonBadges = (page: Page) => page.locator('.sc-lesson .sc-badge').allTextContents();

describe('lessons as a free student', () => {
  it('studies submodules and their trivia until the free allowance blocks, then sees the premium offer', async () => {
    const journey = await openJourney('lessons');
    const { page } = journey;
    const student = await registeredStudent(stack, { firstname: 'Martina' });
    await signInWithForm(journey, stack, student);

    await expect.poll(() => h1(page)).toBe('Hola, Martina');
    await page.getByRole('button', { name: `Ver detalle de ${subject.title}` }).click();
    await page.waitForURL(`**/centro-estudio/asignaturas/${subject.id}`);
    await expect.poll(() => h1(page)).toBe(subject.title);
    expect(
      await page.getByText('Plan gratis: puedes empezar 3 lecciones más.', { exact: false }).count(),
    ).toBe(1);
    expect(await lessonBadges(page)).toEqual([
      'Disponible',
      'Disponible',
      'Disponible',
      'Premium',
      'Premium',
    ]);
    await journey.step('subject');

    // Lesson 1, submodule 1: the study text, then the trivia with one wrong answer.
    await page.getByRole('button', { name: 'Empezar' }).click();
    await expect.poll(() => h1(page)).toBe(subject.lessons[0]?.submodules[0]?.title);
    expect(await page.getByText('Lección 1 · Submódulo 1 de 3').count()).toBe(1);
    await journey.step('study');
    await answerTrivia(page, keysOf(0, 0), {
      wrong: [0],
      onFeedback: async (index) => {
        if (index === 0) await journey.step('trivia-feedback');
      },
    });
    await journey.step('summary');

    // The next submodule of the same lesson opens.
    await page.getByRole('button', { name: 'Siguiente submódulo' }).click();
    await expect.poll(() => h1(page)).toBe(subject.lessons[0]?.submodules[1]?.title);
    expect(await page.getByText('Lección 1 · Submódulo 2 de 3').count()).toBe(1);

    // The last submodule of lesson 2, then on into lesson 3: the last lesson the allowance opens.
    await page.getByRole('button', { name: 'Volver a la asignatura' }).first().click();
    await page.getByText('Plan gratis: puedes empezar 2 lecciones más.', { exact: false }).waitFor();
    const lesson2 = subject.lessons[1];
    await page.getByRole('button', { name: `Estudiar: ${lesson2?.submodules[2]?.title}` }).click();
    await expect.poll(() => h1(page)).toBe(lesson2?.submodules[2]?.title);
    await answerTrivia(page, keysOf(1, 2));
    await page.getByRole('button', { name: 'Siguiente submódulo' }).click();
    await expect.poll(() => page.getByText('Lección 3 · Submódulo 1 de 3').count()).toBe(1);
    await answerTrivia(page, keysOf(2, 0));

    await page.getByRole('button', { name: 'Volver a la asignatura' }).first().click();
    await page.getByText('ya empezaste tus 3 lecciones gratis', { exact: false }).waitFor();
    expect(await lessonBadges(page)).toEqual(['En curso', 'En curso', 'En curso', 'Premium', 'Premium']);
    expect(await page.getByRole('button', { name: /^Estudiar: /, includeHidden: false }).count()).toBe(6);
    await journey.step('allowance-used');

    // The last submodule of lesson 3: advancing would open lesson 4, which the free plan does not cover.
    const lesson3 = subject.lessons[2];
    await page.getByRole('button', { name: `Estudiar: ${lesson3?.submodules[2]?.title}` }).click();
    await answerTrivia(page, keysOf(2, 2));
    await page.getByRole('button', { name: 'Siguiente submódulo' }).click();
    await page.getByRole('heading', { name: 'Llegaste al límite del plan gratis' }).waitFor();
    expect(await page.getByText('Ya abriste 3 lecciones de esta asignatura', { exact: false }).count()).toBe(
      1,
    );
    await journey.step('blocked');

    await page.getByRole('link', { name: 'Ver planes Premium' }).click();
    await page.waitForURL('**/planes-y-precios');
    await page.getByRole('button', { name: 'Elegir plan anual' }).waitFor();
    expect(await page.getByText('Tu plan actual').count()).toBe(1);
    await journey.step('premium-offer');

    // The server holds the same progress: three lessons opened, none left.
    const record = await apiCall(stack, 'GET', '/api/user', { token: student.tokens.IdToken });
    const progress = (record.body as { progress: { maxLessonsAvailable: number; subjects: unknown[] } })
      .progress;
    expect(progress.maxLessonsAvailable).toBe(0);
    expect(progress.subjects).toEqual([
      expect.objectContaining({
        id: subject.id,
        lessons: [
          expect.objectContaining({ id: subject.lessons[0]?.id }),
          expect.objectContaining({ id: subject.lessons[1]?.id }),
          expect.objectContaining({ id: subject.lessons[2]?.id }),
        ],
      }),
    ]);
    await journey.close();
  });
});
