import type { Messages } from './zh';

export const en: Messages = {
  app: {
    title: 'Admin Console',
  },
  language: {
    label: 'Language',
  },
  login: {
    title: 'Sign in',
    pending: 'Sign-in arrives in a later release.',
  },
  lock: {
    title: 'Lock screen',
    heading: 'The screen is locked',
    pending: 'Unlocking arrives in a later release.',
  },
  home: {
    title: 'Home',
    pending: 'The dashboard arrives in a later release.',
  },
  error: {
    '403': { title: 'Forbidden', description: 'Sorry, you are not allowed to open this page.' },
    '404': { title: 'Page not found', description: 'Sorry, the page you opened does not exist.' },
    '500': { title: 'Server error', description: 'Sorry, something went wrong on the server.' },
    backHome: 'Back home',
  },
  request: {
    unknownError: 'unknown error',
  },
};
