import { memo, useEffect, useRef, useState } from 'react';
import { examText, formatClock, spokenTime } from '../../i18n/exam';
import { crossedMilestone, remainingMs } from './model';

interface ExamTimerProps {
  /** Epoch ms on this browser's clock. */
  deadline: number;
  /** Called once when the time runs out. */
  onExpire(): void;
}

/**
 * The countdown. It alone re-renders every second (its own state, not the store's), shows the
 * time silently (`role="timer"`), and says the time left politely at the start and at the
 * milestones of `crossedMilestone`, never each second.
 */
export const ExamTimer = memo(function ExamTimer({ deadline, onExpire }: ExamTimerProps) {
  const [now, setNow] = useState(() => Date.now());
  const [spoken, setSpoken] = useState('');
  const previous = useRef<number | null>(null);
  const expired = useRef(false);
  const expire = useRef(onExpire);
  expire.current = onExpire;

  useEffect(() => {
    const tick = () => {
      const current = Date.now();
      const left = remainingMs(deadline, current);
      setNow(current);
      if (previous.current === null) {
        if (left > 0) setSpoken(examText.take.timeLeft(spokenTime(left)));
      } else {
        const milestone = crossedMilestone(previous.current, left);
        if (milestone !== null) setSpoken(examText.take.timeLeft(spokenTime(milestone * 60_000)));
      }
      previous.current = left;
      if (left <= 0 && !expired.current) {
        expired.current = true;
        setSpoken(examText.take.timeUp);
        expire.current();
      }
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [deadline]);

  const left = remainingMs(deadline, now);
  const level = left <= 5 * 60_000 ? ' exam-timer--critical' : left <= 15 * 60_000 ? ' exam-timer--low' : '';
  return (
    <div className={`exam-timer${level}`}>
      <span className="exam-timer__label" id="exam-timer-label">
        {examText.take.timerLabel}
      </span>
      <span className="exam-timer__clock" role="timer" aria-labelledby="exam-timer-label">
        {formatClock(left)}
      </span>
      <span className="visually-hidden" role="status" aria-live="polite">
        {spoken}
      </span>
    </div>
  );
});
