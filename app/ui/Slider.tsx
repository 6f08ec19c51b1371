/**
 * Slider on a native <input type="range">: arrow keys, Page Up/Down and
 * Home/End work out of the box and screen readers know the role. SPEC §5:
 * sliders clamp to min/max, both what they show and what they report.
 */
import { useId, type CSSProperties } from "react";
import * as styles from "./Slider.css";

/** Clamp into [min, max]; NaN (e.g. an empty input) becomes min. */
export function clamp(value: number, min: number, max: number): number {
  if (Number.isNaN(value)) return min;
  return Math.min(max, Math.max(min, value));
}

export interface SliderProps {
  label: string;
  min: number;
  max: number;
  step?: number;
  value: number;
  onChange: (value: number) => void;
  /** Human wording for screen readers, e.g. "1:23 of 3:40" or "70%". */
  valueText?: string;
  className?: string;
  id?: string;
  disabled?: boolean;
  /** Keep the label for assistive tech only (aria-label instead of <label>). */
  hideLabel?: boolean;
}

export function Slider({ label, min, max, step = 1, value, onChange, valueText, className, id, disabled, hideLabel }: SliderProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const current = clamp(value, min, max);
  const percent = max > min ? ((current - min) / (max - min)) * 100 : 0;
  // Custom property read by the WebKit track gradient (Slider.css.ts).
  const fillStyle = { "--hf-slider-fill": `${percent}%` } as CSSProperties;

  return (
    <div className={className ? `${styles.root} ${className}` : styles.root}>
      {hideLabel ? null : (
        <label htmlFor={inputId} className={styles.label}>
          {label}
        </label>
      )}
      <input
        id={inputId}
        type="range"
        className={styles.input}
        style={fillStyle}
        min={min}
        max={max}
        step={step}
        value={current}
        disabled={disabled}
        aria-label={hideLabel ? label : undefined}
        aria-valuetext={valueText}
        onChange={(event) => onChange(clamp(Number.parseFloat(event.currentTarget.value), min, max))}
      />
    </div>
  );
}
