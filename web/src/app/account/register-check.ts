/** The third-party registration form (spec §3). */
export interface RegisterForm {
  tenantId: string;
  name: string;
  account: string;
  password: string;
  password2: string;
}

export interface RegisterProblem {
  field: keyof RegisterForm;
  message:
    | 'register.tenantIdRequired'
    | 'register.accountRequired'
    | 'register.passwordRequired'
    | 'register.passwordMismatch';
}

const blank = (text: string | undefined) => !text?.trim();

/** The first problem of the form, checked in the spec's order (§5); undefined when it can be sent. */
export function checkRegistration(form: Partial<RegisterForm>): RegisterProblem | undefined {
  if (blank(form.tenantId)) return { field: 'tenantId', message: 'register.tenantIdRequired' };
  if (blank(form.account)) return { field: 'account', message: 'register.accountRequired' };
  if (!form.password) return { field: 'password', message: 'register.passwordRequired' };
  if (!form.password2) return { field: 'password2', message: 'register.passwordRequired' };
  if (form.password !== form.password2) return { field: 'password2', message: 'register.passwordMismatch' };
  return undefined;
}
