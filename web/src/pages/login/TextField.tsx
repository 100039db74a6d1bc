import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { useState, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';

interface TextFieldProps {
  /** The input's id; the label, the error text (`<id>_help`) and the tests find the field by it. */
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The text shown under the field, announced when it appears (as antd's Form does). */
  error?: string;
  prefix?: ReactNode;
  type?: 'text' | 'password';
  autoComplete?: string;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  /** Next to the input on the same row (the captcha image). */
  addon?: ReactNode;
}

/**
 * A labelled text field drawn like antd's vertical Form item and Input (login.css, the theme's tokens
 * as CSS variables), without antd's Form and Input: the sign-in page is the first download, and
 * those two with their validator weigh about 45 KB gzip (docs/decisions/0008).
 */
export function TextField({
  id,
  label,
  value,
  onChange,
  error,
  prefix,
  type = 'text',
  autoComplete,
  autoFocus,
  inputRef,
  addon,
}: TextFieldProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const helpId = `${id}_help`;
  return (
    <div className={error ? 'login-field login-field-error' : 'login-field'}>
      <label className="login-label" htmlFor={id}>
        {label}
      </label>
      <div className="login-control">
        <span className="login-input">
          {prefix && (
            <span className="login-input-prefix" aria-hidden>
              {prefix}
            </span>
          )}
          <input
            ref={inputRef}
            id={id}
            name={id}
            type={type === 'password' && !shown ? 'password' : 'text'}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            autoComplete={autoComplete}
            autoFocus={autoFocus}
            aria-required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? helpId : undefined}
          />
          {type === 'password' && (
            <button
              type="button"
              className="login-input-suffix"
              aria-label={t('login.showPassword')}
              aria-pressed={shown}
              aria-controls={id}
              onClick={() => setShown((previous) => !previous)}
            >
              {shown ? <EyeOutlined /> : <EyeInvisibleOutlined />}
            </button>
          )}
        </span>
        {addon}
      </div>
      {error && (
        <div id={helpId} className="login-help" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
