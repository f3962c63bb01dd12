import type { ReviewQuestion } from '@core/api/exam';
import { memo, type Ref, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useAppStore } from '../../app/store';
import { contentAssetUrl, Markdown } from '../../app/ui/Markdown';
import { examText } from '../../i18n/exam';
import { AttemptNotFound, ExamLoading } from './ExamNotices';
import { goToQuestion, nextQuestion, previousQuestion, reviewState } from './model';
import { type MapItem, QuestionMap } from './QuestionMap';
import { PassageView } from './QuestionView';
import { loadReview, patchExam } from './service';
import './exam.css';

const goTo = (index: number) => patchExam((exam) => goToQuestion(exam, index));

/** `/centro-estudio/ensayos/revision/{attemptId}`: review mode, question by question. */
export function ExamReviewPage() {
  const { attemptId = '' } = useParams();
  const review = useAppStore((state) => (state.exam.review?.id === attemptId ? state.exam.review : null));
  const [status, setStatus] = useState<'loading' | 'ready' | 'missing'>(review ? 'ready' : 'loading');

  useEffect(() => {
    let active = true;
    void loadReview(attemptId).then((loaded) => {
      if (active) setStatus(loaded ? 'ready' : 'missing');
    });
    return () => {
      active = false;
    };
  }, [attemptId]);

  if (status === 'loading' && !review) {
    return <ExamLoading />;
  }
  if (!review) {
    return <AttemptNotFound />;
  }
  return <ReviewRunner />;
}

const reviewText = examText.review;

function ReviewRunner() {
  const review = useAppStore((state) => state.exam.review);
  const index = useAppStore((state) => state.exam.currentQuestionIndex);
  const question = useAppStore((state) => state.exam.questionDetail);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `index` is what triggers the move.
  useEffect(() => {
    if (!moved.current) {
      moved.current = true;
      return;
    }
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView?.({ block: 'nearest' });
  }, [index]);

  const items = useMemo(
    () =>
      (review?.questions ?? []).map((q, i): MapItem => {
        const state = reviewState(q);
        return { label: reviewText.mapItem(i + 1, state, i === index), modifiers: [state] };
      }),
    [review, index],
  );
  if (!review || !question) return null;
  const passage = question.passageId ? review.passages.find((p) => p.id === question.passageId) : undefined;
  const total = review.questions.length;

  return (
    <section
      className={`exam exam--review${passage ? ' exam--with-passage' : ''}`}
      aria-labelledby="review-title"
    >
      <header className="exam-bar">
        <div className="exam-bar__title">
          <h1 id="review-title">{`${reviewText.title}: ${review.testTitle}`}</h1>
          <p className="exam-bar__counts">
            {`${examText.result.correct}: ${review.correct} · ${examText.result.wrong}: ${review.wrong} · ${examText.result.omitted}: ${review.omitted}`}
          </p>
        </div>
        <div className="exam-bar__actions">
          <Link
            className="button button--secondary"
            to={`/centro-estudio/ensayo/completo?intento=${review.id}`}
          >
            {reviewText.backToResult}
          </Link>
        </div>
      </header>
      <div className="exam-layout">
        {passage && <PassageView passage={passage} />}
        <div className="exam-main">
          <ReviewQuestionView ref={heading} question={question} number={index + 1} total={total} />
          <div className="exam-nav">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => patchExam(previousQuestion)}
              disabled={index === 0}
            >
              ← {examText.take.previous}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => patchExam(nextQuestion)}
              disabled={index === total - 1}
            >
              {examText.take.next} →
            </button>
          </div>
        </div>
        <QuestionMap
          title={examText.take.map}
          summary={examText.take.map}
          items={items}
          current={index}
          onSelect={goTo}
          legend={[
            { label: reviewText.isCorrect, modifier: 'correct' },
            { label: reviewText.isWrong, modifier: 'wrong' },
            { label: reviewText.isOmitted, modifier: 'omitted' },
          ]}
        />
      </div>
    </section>
  );
}

interface ReviewQuestionProps {
  question: ReviewQuestion;
  number: number;
  total: number;
  ref?: Ref<HTMLHeadingElement>;
}

/** The question with the student's answer, the key and the explanation. */
const ReviewQuestionView = memo(function ReviewQuestionView({
  question,
  number,
  total,
  ref,
}: ReviewQuestionProps) {
  const t = examText.review;
  const state = reviewState(question);
  const verdict = { correct: t.isCorrect, wrong: t.isWrong, omitted: t.isOmitted }[state];
  return (
    <article className="exam-question card" aria-labelledby={`review-${question.id}`}>
      <div className="exam-question__top">
        <h2 id={`review-${question.id}`} ref={ref} tabIndex={-1} className="exam-question__number">
          {examText.take.question(number, total)}
        </h2>
        <span className={`exam-verdict exam-verdict--${state}`}>{verdict}</span>
      </div>
      <p className="exam-question__eje">{question.eje}</p>
      <div className="exam-question__stem">
        <Markdown source={question.stem} />
        {question.image && (
          <img className="exam-question__figure" src={contentAssetUrl(question.image)} alt="" />
        )}
      </div>
      <ul className="exam-options exam-options--review">
        {question.alternatives.map((alternative) => {
          const chosen = alternative.id === question.selected;
          const classes = [
            'exam-option',
            alternative.correct ? 'exam-option--key' : '',
            chosen && !alternative.correct ? 'exam-option--wrong' : '',
          ]
            .filter(Boolean)
            .join(' ');
          const notes = [chosen ? t.yourAnswer : null, alternative.correct ? t.key : null].filter(Boolean);
          return (
            <li key={alternative.id} className={classes}>
              <span className="exam-option__letter" aria-hidden="true">
                {alternative.id}
              </span>
              <span className="exam-option__text">
                <span className="visually-hidden">{`${alternative.id}) `}</span>
                {alternative.text ? <Markdown source={alternative.text} inline /> : null}
                {alternative.image && (
                  <img
                    className="exam-option__image"
                    src={contentAssetUrl(alternative.image)}
                    alt={`${examText.take.alternatives} ${alternative.id}`}
                  />
                )}
                {notes.length > 0 && <span className="exam-option__note">{notes.join(' · ')}</span>}
                {alternative.rationale && (
                  <span className="exam-option__rationale">
                    <span className="visually-hidden">{`${t.whyNot}: `}</span>
                    <Markdown source={alternative.rationale} inline />
                  </span>
                )}
              </span>
            </li>
          );
        })}
      </ul>
      {question.selected === null && <p className="exam-option__note">{`${t.yourAnswer}: ${t.noAnswer}`}</p>}
      <section className="exam-explanation" aria-labelledby={`explanation-${question.id}`}>
        <h3 id={`explanation-${question.id}`}>{t.explanation}</h3>
        <Markdown source={question.explanation} />
      </section>
    </article>
  );
});
