import type { CoreMessages } from './zh';

export const en: CoreMessages = {
  app: {
    title: 'Admin Console',
  },
  language: {
    label: 'Language',
  },
  common: {
    ok: 'OK',
    cancel: 'Cancel',
    tip: 'Tip',
    loading: 'Loading',
  },
  login: {
    title: 'Sign in',
    tenantId: 'Tenant ID',
    tenantIdRequired: 'Please enter the tenant ID',
    username: 'Account',
    usernameRequired: 'Please enter your account',
    password: 'Password',
    passwordRequired: 'Please enter your password',
    captcha: 'Verification code',
    captchaRequired: 'Please enter the verification code',
    captchaImage: 'Verification code image',
    captchaRefresh: 'Hard to read? Click the image for a new one',
    captchaFailed: 'The code did not load; click to retry',
    showPassword: 'Show password',
    submit: 'Sign in',
    submitting: 'Signing in…',
    socialPending: 'Signing in through the third party…',
  },
  lock: {
    title: 'Lock screen',
    heading: 'The screen is locked',
    password: 'Lock password',
    passwordRequired: 'The lock password cannot be empty',
    wrongPassword: 'Wrong unlock password, please try again',
    unlock: 'Unlock',
    lock: 'Lock screen',
    setPassword: 'Set a lock password',
    setPasswordHint: 'You will need this password to unlock.',
  },
  logout: {
    action: 'Log out',
    confirm: 'Exit the system, do you want to continue?',
  },
  home: {
    title: 'Home',
    greeting: 'Hello, {{name}}',
    notice: 'This is the home page of this build: the dashboard, menus and tabs arrive in later releases.',
    switchDeptRole: 'Switch department/role',
  },
  switchDeptRole: {
    title: 'Switch department/role',
    dept: 'Department',
    deptRequired: 'Please select a department',
    role: 'Role',
    roleRequired: 'Please select a role',
  },
  register: {
    title: 'Register an account',
    intro:
      'Your third-party account is not linked to a user here yet. Submit a registration request; you can sign in once an administrator approves it.',
    tenantId: 'Tenant ID',
    tenantIdRequired: 'Please enter the tenant ID first',
    name: 'Full name',
    account: 'Account name',
    accountRequired: 'Please enter the account name first',
    password: 'Password',
    passwordRequired: 'Please enter the password first',
    password2: 'Confirm password',
    passwordMismatch: 'The two passwords do not match',
    submit: 'Submit',
    successTitle: 'Registration',
    success: 'Your registration request has been submitted; please wait for an administrator to approve it.',
    failed: 'Submission failed',
  },
  error: {
    '403': { title: 'Forbidden', description: 'Sorry, you are not allowed to open this page.' },
    '404': { title: 'Page not found', description: 'Sorry, the page you opened does not exist.' },
    '500': { title: 'Server error', description: 'Sorry, something went wrong on the server.' },
    backHome: 'Back home',
  },
  shell: {
    failure: {
      chunkTitle: 'The page did not load',
      chunkText:
        'Part of the page could not be downloaded (the network dropped, or the console was just updated). Reloading the page loads it again.',
      cssChunkText:
        'The page’s styles could not be downloaded (the network dropped, or the console was just updated). Reloading the page loads them again.',
      renderTitle: 'Something went wrong on this page',
      renderText:
        'The error is in the local error log (the log button in the top bar). Try again, or reload the page.',
      code: 'Error code: {{code}}',
      reload: 'Reload the page',
      retry: 'Try again',
      menuTitle: 'The menu did not load',
      menuText: 'Without the menu this page cannot open.',
    },
  },
  request: {
    unreachable: 'Cannot reach the server; please try again later',
    unknownError: 'unknown error',
  },
};
