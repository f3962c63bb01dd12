import { useEffect, useId, useRef } from 'react';
import type { TriviaAnswerState, TriviaRun } from '../../app/store';
import { contentAssetUrl, Markdown } from '../../app/ui/Markdown';
import { studyText } from '../../i18n/study';
import { confirmAnswer, nextQuestion, resetTrivia, selectAnswer, triviaFinished } from './model';
import { ProgressBar } from './ProgressBar';

interface TriviaQuizProps {
  run: TriviaRun;
  onChange(run: TriviaRun): void;
  /** Every question is answered and the student asked for the summary. */
  onFinished(): void;
}

/**
 * The trivia of a submodule (spec "Course"): select an alternative, confirm it (right or wrong
 * with the explanation, announced in a live region), next question; the percent is the answered
 * share; reset starts again. Alternatives are a radio group: arrow keys move between them.
 */
export function TriviaQuiz({ run, onChange, onFinished }: TriviaQuizProps) {
  const t = studyText.player;
  const question = run.questions[run.index];
  const baseId = useId();
  const stemRef = useRef<HTMLDivElement>(null);
  const previousIndex = useRef(run.index);

  // A new question takes the focus, so keyboard and screen-reader users start reading it.
  useEffect(() => {
    if (previousIndex.current !== run.index) stemRef.current?.focus();
    previousIndex.current = run.index;
  }, [run.index]);

  if (!question) return <p>{t.noTrivia}</p>;
  const stemId = `${baseId}-stem`;
  const selected = question.answers.find((a) => a.selected);
  const key = question.answers.find((a) => a.correct);
  const isLast = run.index === run.questions.length - 1;

  return (
    <section className="sc-trivia" aria-labelledby={`${baseId}-heading`}>
      <div className="sc-trivia__header">
        <h2 id={`${baseId}-heading`}>{t.triviaHeading}</h2>
        <p className="sc-trivia__count">{t.question(run.index + 1, run.questions.length)}</p>
      </div>
      <ProgressBar
        percent={run.progressPercent}
        label={t.triviaProgress}
        valueText={t.triviaProgressValue(run.progressPercent)}
      />

      <div className="sc-trivia__stem" id={stemId} ref={stemRef} tabIndex={-1}>
        <span className="visually-hidden">{`${t.question(run.index + 1, run.questions.length)}. `}</span>
        <Markdown source={question.stem} />
      </div>
      {question.image ? (
        <img className="sc-trivia__figure" src={contentAssetUrl(question.image)} alt="" />
      ) : null}

      <div className="sc-trivia__options" role="radiogroup" aria-labelledby={stemId}>
        {question.answers.map((answer) => (
          <AnswerOption
            key={answer.id}
            name={`${baseId}-${question.id}`}
            answer={answer}
            answered={question.answered}
            onSelect={() => onChange(selectAnswer(run, answer.id))}
          />
        ))}
      </div>

      <div className="sc-trivia__feedback" role="status" aria-live="polite">
        {question.answered ? (
          <div className={`sc-feedback ${question.wasCorrect ? 'sc-feedback--right' : 'sc-feedback--wrong'}`}>
            <p className="sc-feedback__verdict">{question.wasCorrect ? t.correct : t.wrong(key?.id ?? '')}</p>
            <p className="sc-feedback__label">{t.explanation}</p>
            <Markdown source={question.explanation} />
          </div>
        ) : null}
      </div>

      <div className="sc-trivia__actions">
        {question.answered ? (
          isLast && triviaFinished(run) ? (
            <button type="button" className="button button--primary" onClick={onFinished}>
              {t.seeSummary}
            </button>
          ) : (
            <button
              type="button"
              className="button button--primary"
              onClick={() => onChange(nextQuestion(run))}
            >
              {t.next}
            </button>
          )
        ) : (
          <button
            type="button"
            className="button button--primary"
            disabled={!selected}
            aria-describedby={selected ? undefined : `${baseId}-hint`}
            onClick={() => onChange(confirmAnswer(run))}
          >
            {t.confirm}
          </button>
        )}
        <button type="button" className="button button--secondary" onClick={() => onChange(resetTrivia(run))}>
          {t.reset}
        </button>
      </div>
      {!question.answered && !selected ? (
        <p className="form__note" id={`${baseId}-hint`}>
          {t.chooseFirst}
        </p>
      ) : null}
    </section>
  );
}

function AnswerOption({
  name,
  answer,
  answered,
  onSelect,
}: {
  name: string;
  answer: TriviaAnswerState;
  answered: boolean;
  onSelect(): void;
}) {
  const state = !answered
    ? ''
    : answer.correct
      ? ' sc-trivia-option--key'
      : answer.selected
        ? ' sc-trivia-option--wrong'
        : ' sc-trivia-option--muted';
  return (
    <label className={`sc-trivia-option${answer.selected ? ' sc-trivia-option--selected' : ''}${state}`}>
      <input type="radio" name={name} checked={answer.selected} disabled={answered} onChange={onSelect} />
      <span className="sc-trivia-option__letter" aria-hidden="true">
        {answer.id}
      </span>
      <span className="visually-hidden">{`${answer.id}. `}</span>
      <span className="sc-trivia-option__body">
        {answer.type === 'image' && answer.image ? (
          <img src={contentAssetUrl(answer.image)} alt={studyText.image(answer.id)} />
        ) : (
          <Markdown source={answer.text ?? ''} className="sc-inline-markdown" />
        )}
      </span>
      {answered && answer.correct ? (
        <span className="sc-trivia-option__mark">{studyText.player.keyMark}</span>
      ) : null}
      {answered && answer.selected && !answer.correct ? (
        <span className="sc-trivia-option__mark">{studyText.player.wrongMark}</span>
      ) : null}
    </label>
  );
}
