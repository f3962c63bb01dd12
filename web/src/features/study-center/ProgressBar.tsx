/** A labelled progress bar (0–100) that screen readers announce with its value. */
export function ProgressBar({
  percent,
  label,
  valueText,
}: {
  percent: number;
  label: string;
  valueText?: string;
}) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div
      className="sc-progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-valuetext={valueText ?? `${value}%`}
    >
      <div className="sc-progress__bar" style={{ width: `${value}%` }} />
    </div>
  );
}
