import type { AlternativeId } from '@core/domain/contentViews';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from '../../app/store';
import { examText } from '../../i18n/exam';
import { ConfirmDialog } from './ConfirmDialog';
import { ExamLoading, ExamNotice } from './ExamNotices';
import { ExamTimer } from './ExamTimer';
import {
  answerQuestion,
  clearAnswer,
  examCounts,
  goToQuestion,
  nextQuestion,
  previousQuestion,
  toggleFlag,
} from './model';
import { type MapItem, QuestionMap } from './QuestionMap';
import { PassageView, QuestionView } from './QuestionView';
import {
  abandonExam,
  keepAnswersLocally,
  patchExam,
  type ResumeOutcome,
  resumeExam,
  submitExam,
} from './service';
import './exam.css';

// Stable handlers: the memoised views never re-render because of a new callback.
const answer = (alternative: AlternativeId) => patchExam((exam) => answerQuestion(exam, alternative));
const clear = () => patchExam((exam) => clearAnswer(exam));
const flag = () => patchExam((exam) => toggleFlag(exam));
const goTo = (index: number) => patchExam((exam) => goToQuestion(exam, index));

type Ended = { message: string } | null;

/** `/centro-estudio/ensayos/{slug}/rendir`: the running attempt, resumed after a reload. */
export function ExamPage() {
  const { slug = '' } = useParams();
  const [status, setStatus] = useState<'loading' | ResumeOutcome>('loading');
  const [retry, setRetry] = useState(0);
  const [ended, setEnded] = useState<Ended>(null);
  const t = examText;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `retry` is the retry trigger.
  useEffect(() => {
    let active = true;
    setStatus('loading');
    void resumeExam(slug).then((outcome) => {
      if (active) setStatus(outcome);
    });
    return () => {
      active = false;
    };
  }, [slug, retry]);

  useEffect(() => keepAnswersLocally(), []);

  if (ended) {
    return (
      <ExamNotice message={ended.message} alert>
        <Link className="button button--primary" to="/centro-estudio/ensayos">
          {t.common.backToList}
        </Link>
      </ExamNotice>
    );
  }
  if (status === 'loading') {
    return <ExamLoading />;
  }
  if (status !== 'ready') {
    const message = { noRunning: t.take.noRunning, noExams: t.take.noExams, failed: t.common.loadFailed }[
      status
    ];
    return (
      <ExamNotice message={message}>
        <div className="exam-message__actions">
          {status === 'noRunning' && (
            <Link className="button button--primary" to={`/centro-estudio/ensayos/${slug}`}>
              {t.intro.start}
            </Link>
          )}
          {status === 'noExams' && (
            <Link className="button button--primary" to="/planes-y-precios">
              {t.common.premiumCta}
            </Link>
          )}
          {status === 'failed' && (
            <button type="button" className="button button--primary" onClick={() => setRetry((n) => n + 1)}>
              {t.common.retry}
            </button>
          )}
          <Link className="button button--secondary" to="/centro-estudio/ensayos">
            {t.common.backToList}
          </Link>
        </div>
      </ExamNotice>
    );
  }
  return <ExamRunner onEnded={setEnded} />;
}

const takeText = examText.take;

function ExamRunner({ onEnded }: { onEnded(ended: Ended): void }) {
  const navigate = useNavigate();
  const test = useAppStore((state) => state.exam.test);
  const deadline = useAppStore((state) => state.exam.deadline);
  const index = useAppStore((state) => state.exam.currentQuestionIndex);
  const question = useAppStore((state) => state.exam.questions[index]);
  const questions = useAppStore((state) => state.exam.questions);
  const passages = useAppStore((state) => state.exam.passages);
  const counts = useAppStore(useShallow((state) => examCounts(state.exam.questions)));
  const [dialog, setDialog] = useState<'finish' | 'cancel' | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [failed, setFailed] = useState(false);
  const sending = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  const finish = useCallback(async () => {
    if (sending.current) return;
    sending.current = true;
    setSubmitting(true);
    setFailed(false);
    const outcome = await submitExam();
    sending.current = false;
    setSubmitting(false);
    setDialog(null);
    if (outcome.kind === 'submitted') {
      navigate(`/centro-estudio/ensayo/completo?intento=${outcome.result.id}`);
    } else if (outcome.kind === 'failed') {
      setFailed(true);
    } else {
      onEnded({ message: outcome.kind === 'deadlinePassed' ? takeText.deadlinePassed : takeText.closed });
    }
  }, [navigate, onEnded]);

  const cancel = useCallback(async () => {
    setSubmitting(true);
    await abandonExam();
    setSubmitting(false);
    navigate('/centro-estudio/ensayos', { replace: true });
  }, [navigate]);

  // Moving to another question puts focus on its heading, so it is read out.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `index` is what triggers the move.
  useEffect(() => {
    if (!moved.current) {
      moved.current = true;
      return;
    }
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView?.({ block: 'nearest' });
  }, [index]);

  const mapItems = useMemo(
    () =>
      questions.map(
        (q, i): MapItem => ({
          label: takeText.mapItem(i + 1, q.answered, q.flagged, i === index),
          modifiers: [q.answered ? 'answered' : 'unanswered', ...(q.flagged ? ['flagged'] : [])],
        }),
      ),
    [questions, index],
  );
  const passage = question?.passageId ? passages.find((p) => p.id === question.passageId) : undefined;
  if (!test || deadline === null || !question) return null;

  return (
    <section className={`exam${passage ? ' exam--with-passage' : ''}`} aria-labelledby="exam-title">
      <header className="exam-bar">
        <div className="exam-bar__title">
          <h1 id="exam-title">{test.title}</h1>
          <p className="exam-bar__counts">
            {takeText.counts(counts.answered, counts.total)}
            {counts.flagged > 0 && ` · ${takeText.flaggedCount(counts.flagged)}`}
          </p>
        </div>
        <ExamTimer deadline={deadline} onExpire={finish} />
        <div className="exam-bar__actions">
          <button
            type="button"
            className="button button--primary"
            onClick={() => setDialog('finish')}
            disabled={submitting}
          >
            {submitting ? takeText.finishing : takeText.finish}
          </button>
          <button
            type="button"
            className="button button--link exam-bar__cancel"
            onClick={() => setDialog('cancel')}
            disabled={submitting}
          >
            {takeText.cancel}
          </button>
        </div>
      </header>

      {failed && (
        <div className="exam-alert" role="alert">
          <p>{takeText.submitFailed}</p>
          <button type="button" className="button button--primary" onClick={finish} disabled={submitting}>
            {takeText.retrySubmit}
          </button>
        </div>
      )}
      {questions.length < test.questionCount && (
        <p className="exam-note">{takeText.incomplete(questions.length, test.questionCount)}</p>
      )}

      <div className="exam-layout">
        {passage && <PassageView passage={passage} />}
        <div className="exam-main">
          <QuestionView
            ref={heading}
            question={question}
            number={index + 1}
            total={questions.length}
            onAnswer={answer}
            onClear={clear}
            onToggleFlag={flag}
          />
          <div className="exam-nav">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => patchExam(previousQuestion)}
              disabled={index === 0}
            >
              ← {takeText.previous}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => patchExam(nextQuestion)}
              disabled={index === questions.length - 1}
            >
              {takeText.next} →
            </button>
          </div>
        </div>
        <QuestionMap
          title={takeText.map}
          summary={takeText.mapSummary(counts.answered, counts.total)}
          items={mapItems}
          current={index}
          onSelect={goTo}
          legend={[
            { label: takeText.legendAnswered, modifier: 'answered' },
            { label: takeText.legendUnanswered, modifier: 'unanswered' },
            { label: takeText.legendFlagged, modifier: 'flagged' },
          ]}
        />
      </div>

      {dialog === 'finish' && (
        <ConfirmDialog
          title={takeText.confirmFinishTitle}
          confirmLabel={submitting ? takeText.finishing : takeText.confirmFinish}
          cancelLabel={takeText.keepGoing}
          onConfirm={finish}
          onCancel={() => setDialog(null)}
          busy={submitting}
        >
          <p>{takeText.confirmFinishBody(counts.unanswered)}</p>
        </ConfirmDialog>
      )}
      {dialog === 'cancel' && (
        <ConfirmDialog
          title={takeText.confirmCancelTitle}
          confirmLabel={takeText.confirmCancel}
          cancelLabel={takeText.keepGoing}
          onConfirm={cancel}
          onCancel={() => setDialog(null)}
          busy={submitting}
          tone="danger"
        >
          <p>{takeText.confirmCancelBody}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
