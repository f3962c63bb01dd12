import type { AlternativeId, PublicPassage } from '@core/domain/contentViews';
import { forwardRef, memo } from 'react';
import type { ExamQuestionState } from '../../app/store';
import { contentAssetUrl, Markdown } from '../../app/ui/Markdown';
import { examText } from '../../i18n/exam';

/** A reading passage beside (wide screens) or above (narrow) its questions. */
export const PassageView = memo(function PassageView({ passage }: { passage: PublicPassage }) {
  return (
    // Focusable: on wide screens it scrolls on its own, and keyboard users must be able to scroll it.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region needs focus to be scrolled by keyboard.
    <section className="exam-passage card" aria-labelledby={`passage-${passage.id}`} tabIndex={0}>
      <h2 id={`passage-${passage.id}`} className="exam-passage__title">
        {examText.take.passageOf(passage.title)}
      </h2>
      <Markdown source={passage.text} />
      {passage.source && <p className="exam-passage__source">{passage.source}</p>}
    </section>
  );
});

interface QuestionViewProps {
  question: ExamQuestionState;
  number: number;
  total: number;
  onAnswer(alternative: AlternativeId): void;
  onClear(): void;
  onToggleFlag(): void;
}

/**
 * One question: its stem, and its alternatives as a native radio group (arrow keys move and
 * choose). Memoised: it re-renders only when this question changes, never with the clock.
 */
export const QuestionView = memo(
  forwardRef<HTMLHeadingElement, QuestionViewProps>(function QuestionView(
    { question, number, total, onAnswer, onClear, onToggleFlag },
    headingRef,
  ) {
    const t = examText.take;
    const stemId = `stem-${question.id}`;
    return (
      <article className="exam-question card" aria-labelledby={`heading-${question.id}`}>
        <div className="exam-question__top">
          <h2 id={`heading-${question.id}`} ref={headingRef} tabIndex={-1} className="exam-question__number">
            {t.question(number, total)}
          </h2>
          <span className="exam-question__eje">{question.eje}</span>
        </div>
        <div id={stemId} className="exam-question__stem">
          <Markdown source={question.stem} />
          {question.image && (
            <img className="exam-question__figure" src={contentAssetUrl(question.image)} alt="" />
          )}
        </div>
        <fieldset className="exam-options" aria-describedby={stemId}>
          <legend className="visually-hidden">{`${t.alternatives}: ${t.question(number, total)}`}</legend>
          {question.answers.map((answer) => (
            <label
              key={answer.id}
              className={`exam-option${answer.selected ? ' exam-option--selected' : ''}`}
            >
              <input
                type="radio"
                name={`question-${question.id}`}
                value={answer.id}
                checked={answer.selected}
                onChange={() => onAnswer(answer.id)}
              />
              <span className="exam-option__letter" aria-hidden="true">
                {answer.id}
              </span>
              <span className="exam-option__text">
                <span className="visually-hidden">{`${answer.id}) `}</span>
                {answer.text ? <Markdown source={answer.text} inline /> : null}
                {answer.image && (
                  <img
                    className="exam-option__image"
                    src={contentAssetUrl(answer.image)}
                    alt={`${t.alternatives} ${answer.id}`}
                  />
                )}
              </span>
            </label>
          ))}
        </fieldset>
        <div className="exam-question__tools">
          <button
            type="button"
            className={`button button--secondary exam-flag${question.flagged ? ' exam-flag--on' : ''}`}
            aria-pressed={question.flagged}
            onClick={onToggleFlag}
          >
            <span aria-hidden="true">⚑</span> {question.flagged ? t.flagged : t.flag}
          </button>
          <button
            type="button"
            className="button button--link"
            onClick={onClear}
            disabled={!question.answered}
          >
            {t.clear}
          </button>
        </div>
      </article>
    );
  }),
);
