import { memo, useState } from 'react';

export interface MapItem {
  /** What a screen reader says: number, state and whether it is the current one. */
  label: string;
  /** Modifier classes (`exam-map__item--answered`, `--flagged`, `--correct`…). */
  modifiers: string[];
}

interface QuestionMapProps {
  title: string;
  summary: string;
  items: readonly MapItem[];
  current: number;
  onSelect(index: number): void;
  legend?: readonly { label: string; modifier: string }[];
}

const wide = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(min-width: 900px)').matches === true;

/**
 * Every question as a numbered button: jump anywhere. Open by default on wide screens, folded
 * under its summary on phones. Re-renders when an answer or a flag changes, not with the clock.
 */
export const QuestionMap = memo(function QuestionMap({
  title,
  summary,
  items,
  current,
  onSelect,
  legend,
}: QuestionMapProps) {
  const [open, setOpen] = useState(wide);
  return (
    <nav className="exam-map card" aria-label={title}>
      <details open={open} onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}>
        <summary className="exam-map__summary">{summary}</summary>
        <ol className="exam-map__grid">
          {items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: questions keep their position for the whole attempt.
            <li key={index}>
              <button
                type="button"
                className={['exam-map__item', ...item.modifiers.map((m) => `exam-map__item--${m}`)].join(' ')}
                aria-label={item.label}
                aria-current={index === current ? 'step' : undefined}
                onClick={() => onSelect(index)}
              >
                {index + 1}
              </button>
            </li>
          ))}
        </ol>
        {legend && (
          <ul className="exam-map__legend" aria-hidden="true">
            {legend.map((entry) => (
              <li key={entry.modifier}>
                <span className={`exam-map__swatch exam-map__item--${entry.modifier}`} />
                {entry.label}
              </li>
            ))}
          </ul>
        )}
      </details>
    </nav>
  );
});
