import type { InputHTMLAttributes, ReactNode } from 'react';

/**
 * A labelled input; `requiredMark` shows the asterisk without making the browser enforce it: the forms' own
 * rules decide (docs/product.md#authentication, docs/product.md#validation).
 */
export function Field({
  label,
  requiredMark,
  children,
  ...input
}: { label: string; requiredMark?: boolean; children?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="field">
      <label htmlFor={input.id}>
        {label}
        {requiredMark && (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <input className="field__input" {...input} />
      {children}
    </div>
  );
}
