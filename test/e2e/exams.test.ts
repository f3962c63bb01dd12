/**
 * Journey 6 of issue 13: a whole practice exam on a phone and on a desktop — start (the free exam
 * is used), answer, reload and resume, finish, the result with the estimated score, the review
 * with explanations, the history; a second start is refused while not premium.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { apiCall } from '../helpers/localUsers';
import { closeBrowser, DESKTOP, openJourney, PHONE } from './browser';
import { escapeRegExp, registeredStudent, signInWithForm } from './students';

const stack = inject('e2eStack');

afterAll(closeBrowser);

const M1 = { slug: 'paes_competencia_matematica_m1', title: 'Competencia Matemática 1 (M1)' };
const READING = { slug: 'paes_competencia_lectora', title: 'Competencia Lectora' };

/** Every bank question's key, by id, from the content files the stack loaded. */
const keys = new Map<string, string>();
const questionsDir = path.resolve('content/questions');
for (const folder of readdirSync(questionsDir)) {
  for (const file of readdirSync(path.join(questionsDir, folder)).filter((name) => name.endsWith('.json'))) {
    const { questions } = JSON.parse(readFileSync(path.join(questionsDir, folder, file), 'utf8')) as {
      questions: { id: string; alternatives: { id: string; correct?: boolean }[] }[];
    };
    for (const q of questions) keys.set(q.id, q.alternatives.find((a) => a.correct)?.id ?? '');
  }
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).textContent();

/** A link of the header menu, which phones fold behind "Menú". */
async function menuLink(page: Page, name: string) {
  const toggle = page.getByRole('button', { name: 'Menú', exact: true });
  if (await toggle.isVisible()) await toggle.click();
  await page
    .getByRole('navigation', { name: 'Menú principal' })
    .getByRole('link', { name, exact: true })
    .click();
}

/** Chooses an alternative of the question on screen. */
const choose = (page: Page, letter: string) =>
  page.getByRole('radio', { name: new RegExp(`^${letter}\\) `) }).check();

const wrongOf = (key: string) => (key === 'A' ? 'B' : 'A');

describe.each([PHONE, DESKTOP])('a practice exam at $width×$height', (viewport) => {
  it('starts, answers, resumes after a reload, finishes, reviews, finds it in history; a second start is refused', async () => {
    const journey = await openJourney('exam', viewport);
    const { page } = journey;
    const student = await registeredStudent(stack, { firstname: 'Benjamín' });
    await signInWithForm(journey, stack, student);
    await expect.poll(() => h1(page)).toBe('Hola, Benjamín');

    await menuLink(page, 'Ensayos');
    await page.waitForURL('**/centro-estudio/ensayos');
    await page.getByText('Te queda 1 ensayo disponible').waitFor();
    await journey.step('exams');

    await page.getByRole('link', { name: `Elegir: ${M1.title}` }).click();
    await expect.poll(() => h1(page)).toBe(M1.title);
    expect(
      await page.getByText('Al comenzar se usa 1 de tus 1 ensayo disponible', { exact: false }).count(),
    ).toBe(1);
    await journey.step('intro');
    await page.getByRole('button', { name: 'Comenzar ensayo' }).click();
    await page.waitForURL(`**/centro-estudio/ensayos/${M1.slug}/rendir`);

    // The paper the server drew, in order, to know which answer is right.
    const paper = await apiCall(stack, 'GET', `/api/exam/${M1.slug}`, { token: student.tokens.IdToken });
    expect(paper.status).toBe(200);
    const order = (paper.body as { questions: { id: string }[] }).questions.map((q) => keys.get(q.id) ?? '');
    const total = order.length;
    expect(total).toBeGreaterThan(3);
    await page.getByText(`0 de ${total} respondidas`).waitFor();
    expect(await page.getByRole('timer').textContent()).toMatch(/^\d:\d{2}:\d{2}$/);
    await journey.step('exam-started');

    // Two right, one wrong, the fourth marked to come back to.
    const [first = '', second = '', third = ''] = order;
    await choose(page, first);
    await page.getByRole('button', { name: /^Siguiente/ }).click();
    await page.getByRole('heading', { name: `Pregunta 2 de ${total}` }).waitFor();
    await choose(page, second);
    await page.getByRole('button', { name: /^Siguiente/ }).click();
    await choose(page, wrongOf(third));
    await page.getByRole('button', { name: /^Siguiente/ }).click();
    await page.getByRole('button', { name: 'Marcar para revisar' }).click();
    await page.getByText(`3 de ${total} respondidas · 1 marcada`).waitFor();
    await journey.step('answering');

    // A reload mid-exam: the same attempt, answers and position.
    await page.reload();
    await page.getByText(`3 de ${total} respondidas · 1 marcada`).waitFor();
    await page.getByRole('heading', { name: `Pregunta 4 de ${total}` }).waitFor();
    await page.getByRole('button', { name: /^← Anterior/ }).click();
    await page.getByRole('heading', { name: `Pregunta 3 de ${total}` }).waitFor();
    expect(await page.getByRole('radio', { name: new RegExp(`^${wrongOf(third)}\\) `) }).isChecked()).toBe(
      true,
    );
    await journey.step('resumed');

    // The list shows the exam running and none left; it continues from there too.
    await menuLink(page, 'Ensayos');
    await page.getByText('No te quedan ensayos disponibles').waitFor();
    await journey.step('exams-running');
    await page.getByRole('link', { name: `Continuar ensayo: ${M1.title}` }).click();
    await page.getByText(`3 de ${total} respondidas · 1 marcada`).waitFor();

    await page.getByRole('button', { name: 'Terminar ensayo' }).click();
    const dialog = page.getByRole('alertdialog', { name: '¿Terminar el ensayo?' });
    expect(await dialog.textContent()).toContain(`Te quedan ${total - 3} preguntas sin responder.`);
    await journey.step('finish-dialog');
    await dialog.getByRole('button', { name: 'Sí, terminar' }).click();

    await page.waitForURL('**/centro-estudio/ensayo/completo?intento=*');
    await expect.poll(() => h1(page)).toBe('Resultado del ensayo');
    const score = Number(await page.locator('.exam-score__value').textContent());
    expect(score).toBeGreaterThanOrEqual(100);
    expect(score).toBeLessThanOrEqual(1000);
    const stats = page.getByRole('list', { name: 'Resultado del ensayo' });
    expect(await stats.getByRole('listitem').allTextContents()).toEqual([
      '2Correctas',
      '1Incorrectas',
      `${total - 3}Omitidas`,
      expect.stringMatching(/^\d+ min.*Tiempo usado de 2 h 20 min$/),
    ]);
    expect(await page.getByText(`Te faltan ${700 - score} puntos para tu meta.`).count()).toBe(
      score < 700 ? 1 : 0,
    );
    await journey.step('result');

    await page.getByRole('link', { name: 'Revisar respuestas' }).click();
    await expect.poll(() => h1(page)).toBe(`Revisión: ${M1.title}`);
    const question = page.getByRole('article');
    expect(await question.getByText('Correcta', { exact: true }).count()).toBe(1);
    expect(await question.getByRole('heading', { name: 'Explicación' }).count()).toBe(1);
    // The question map: open beside the question on a desktop, folded under its summary on a phone.
    const mapEntry = page.getByRole('button', { name: 'Pregunta 3, incorrecta' });
    if (!(await mapEntry.isVisible()))
      await page.locator('summary', { hasText: 'Mapa de preguntas' }).click();
    await mapEntry.click();
    await page.getByRole('heading', { name: `Pregunta 3 de ${total}` }).waitFor();
    expect(await question.getByText('Incorrecta', { exact: true }).count()).toBe(1);
    expect(await question.getByText('Tu respuesta', { exact: true }).count()).toBe(1);
    expect(await question.getByText('Respuesta correcta', { exact: true }).count()).toBe(1);
    // Every distractor of the bank carries the reason it is wrong.
    expect(await question.locator('.exam-option__rationale').count()).toBe(3);
    expect(await question.locator('.exam-option__rationale').first().isVisible()).toBe(true);
    await journey.step('review');

    await page.getByRole('link', { name: 'Volver al resultado' }).click();
    await page.getByRole('link', { name: 'Ver historial' }).click();
    await expect.poll(() => h1(page)).toBe('Historial de ensayos');
    const history = page.getByRole('region', { name: M1.title });
    await history.getByRole('cell', { name: `2 / ${total}` }).waitFor();
    expect(
      await history
        .getByRole('link', { name: new RegExp(`^Revisar el ensayo de ${escapeRegExp(M1.title)}`) })
        .count(),
    ).toBe(1);
    await journey.step('history');

    // No exam left: the list and the next test offer premium instead of a start, and the API refuses one.
    await page.getByRole('link', { name: 'Volver a ensayos' }).click();
    await page.getByRole('heading', { name: 'No te quedan ensayos' }).waitFor();
    await page.getByRole('link', { name: `Elegir: ${READING.title}` }).click();
    await expect.poll(() => h1(page)).toBe(READING.title);
    expect(await page.getByRole('button', { name: 'Comenzar ensayo' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Ver planes premium' }).count()).toBe(1);
    await journey.step('no-exams-left');
    const refused = await apiCall(stack, 'POST', `/api/exam/${READING.slug}/attempt`, {
      token: student.tokens.IdToken,
    });
    expect(refused).toMatchObject({ status: 403, body: { code: 'no_exams_available' } });
    await journey.close();
  });
});
