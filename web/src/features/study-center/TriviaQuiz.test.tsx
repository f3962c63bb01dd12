import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { TriviaRun } from '../../app/store';
import { loadSubjectDetails, startTrivia } from './model';
import { TriviaQuiz } from './TriviaQuiz';
import { courseFixture, subjectFixture } from './testData';

const submodule = loadSubjectDetails(courseFixture(), subjectFixture()).subjectDetails?.lessons[0]
  ?.submodules[0];

function Harness({ onFinished }: { onFinished(): void }) {
  const [run, setRun] = useState<TriviaRun>(() =>
    startTrivia(submodule ?? { id: 'x', title: 'x', complete: false }),
  );
  return <TriviaQuiz run={run} onChange={setRun} onFinished={onFinished} />;
}

describe('trivia flow', () => {
  it('selects, confirms with feedback in a live region, moves on, resets and finishes', async () => {
    const user = userEvent.setup();
    const onFinished = vi.fn();
    render(<Harness onFinished={onFinished} />);

    screen.getByText('Pregunta 1 de 2', { selector: 'p' });
    const group = screen.getByRole('radiogroup');
    expect(group.getAttribute('aria-labelledby')).toBeTruthy();
    expect(document.getElementById(group.getAttribute('aria-labelledby') ?? '')?.textContent).toContain(
      'Pregunta l1-s1-q1',
    );
    const progress = screen.getByRole('progressbar', { name: 'Avance de la trivia' });
    expect(progress.getAttribute('aria-valuenow')).toBe('0');

    // Nothing chosen yet: confirming is not possible and the student is told why.
    const confirm = screen.getByRole('button', { name: 'Confirmar respuesta' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    screen.getByText('Elige una alternativa para confirmar.');

    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(3);
    await user.click(radios[0] as HTMLElement);
    await user.click(radios[1] as HTMLElement);
    expect((radios[1] as HTMLInputElement).checked).toBe(true);
    expect((radios[0] as HTMLInputElement).checked).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Confirmar respuesta' }));

    const feedback = screen.getByRole('status');
    expect(feedback.getAttribute('aria-live')).toBe('polite');
    within(feedback).getByText('¡Correcto!');
    within(feedback).getByText('Explicación de l1-s1-q1.');
    expect(radios.every((radio) => (radio as HTMLInputElement).disabled)).toBe(true);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    screen.getByText('✓ Correcta');

    await user.click(screen.getByRole('button', { name: 'Siguiente pregunta' }));
    screen.getByText('Pregunta 2 de 2', { selector: 'p' });
    // The new question takes the focus.
    expect(document.activeElement?.textContent).toContain('Pregunta l1-s1-q2');
    expect(screen.getByRole('status').textContent).toBe('');

    // A wrong answer names the right one and explains it.
    await user.click(within(screen.getByRole('radiogroup')).getAllByRole('radio')[2] as HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Confirmar respuesta' }));
    within(screen.getByRole('status')).getByText('Incorrecto. La respuesta correcta es la A.');
    screen.getByText('✗ Tu respuesta');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');

    // Reset starts over, with nothing answered.
    await user.click(screen.getByRole('button', { name: 'Reiniciar trivia' }));
    screen.getByText('Pregunta 1 de 2', { selector: 'p' });
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
    expect(
      within(screen.getByRole('radiogroup'))
        .getAllByRole('radio')
        .some((r) => (r as HTMLInputElement).checked),
    ).toBe(false);

    // Answer both again, then the summary.
    for (const index of [1, 0]) {
      await user.click(within(screen.getByRole('radiogroup')).getAllByRole('radio')[index] as HTMLElement);
      await user.click(screen.getByRole('button', { name: 'Confirmar respuesta' }));
      const next = screen.queryByRole('button', { name: 'Siguiente pregunta' });
      if (next) await user.click(next);
    }
    expect(onFinished).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Ver resumen' }));
    expect(onFinished).toHaveBeenCalledTimes(1);
  });

  it('is usable with the keyboard alone', async () => {
    const user = userEvent.setup();
    render(<Harness onFinished={() => undefined} />);
    await user.tab(); // the first radio of the group
    expect((document.activeElement as HTMLInputElement).type).toBe('radio');
    await user.keyboard(' ');
    expect((document.activeElement as HTMLInputElement).checked).toBe(true);
    await user.tab(); // confirm
    expect(document.activeElement?.textContent).toBe('Confirmar respuesta');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status').textContent).toContain('Incorrecto');
    // The focus stays on the action, which now moves on.
    expect(document.activeElement?.textContent).toBe('Siguiente pregunta');
    await user.keyboard('{Enter}');
    screen.getByText('Pregunta 2 de 2', { selector: 'p' });
  });
});
