// A labelled form control: label, input (or textarea, select), hint and error, wired together by id so
// screen readers read the hint and the error with the control.
import { type ComponentProps, type ReactNode, useId } from "react";
import "./field.css";

interface Frame {
  label: ReactNode;
  /** Shown under the control, read with it. */
  hint?: ReactNode;
  /** A problem with this value: shown under the control, announced as it appears, read with it, and marks it invalid. */
  error?: ReactNode;
  /** Label and control on one line (`.field.inline`). */
  inline?: boolean;
  /** The label is for screen readers only: the heading above already says it. */
  hideLabel?: boolean;
}

type FieldProps = Frame &
  (
    | ({ as?: "input" } & ComponentProps<"input">)
    | ({ as: "textarea" } & ComponentProps<"textarea">)
    | ({ as: "select" } & ComponentProps<"select">)
  );

/** The control's own attributes, without the frame's. */
function controlOf<P extends Frame & { as?: string }>(props: P): Omit<P, keyof Frame | "as"> {
  const { label, hint, error, inline, hideLabel, as, ...control } = props;
  return control;
}

export function Field(props: FieldProps) {
  const generated = useId();
  const id = props.id ?? generated;
  const hintId = props.hint != null ? `${id}-hint` : undefined;
  const errorId = props.error != null ? `${id}-error` : undefined;
  const describedBy = [props["aria-describedby"], hintId, errorId].filter(Boolean).join(" ") || undefined;
  const wiring = {
    id,
    "aria-describedby": describedBy,
    "aria-invalid": props.error != null ? true : props["aria-invalid"],
  };

  return (
    <div className={props.inline ? "field inline" : "field"}>
      <label htmlFor={id} className={props.hideLabel ? "visually-hidden" : undefined}>
        {props.label}
      </label>
      {props.as === "textarea" ? (
        <textarea {...controlOf(props)} {...wiring} />
      ) : props.as === "select" ? (
        <select {...controlOf(props)} {...wiring} />
      ) : (
        <input {...controlOf(props)} {...wiring} />
      )}
      {hintId ? (
        <p id={hintId} className="hint">
          {props.hint}
        </p>
      ) : null}
      {errorId ? (
        <p id={errorId} className="field-error" role="alert">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}
