import { secondFactorEn, secondFactorZh } from '../app/account/second-factor-locales';
import { eventsEn, eventsZh } from '../app/events/locales';
import { shellEn, shellZh } from '../app/layout/locales';
import { menuEn, menuZh } from '../app/menu/locales';
import { crudEn, crudZh } from '../crud/locales';
import { i18n } from './index';

// The texts of the shell (`shell.*`, `menu.*`) and of the CRUD kit (`crud.*`) load with the code that
// shows them, not with the sign-in page (issue 4's budget for /login; docs/decisions/0008): the main
// layout, the kit and the shell's modules import this module, which adds them when it first runs.
// The root's error view (`shell.failure.*`) keeps its texts in the core (locales/zh.ts).

/** The texts this module adds, for the typed keys (i18next.d.ts, `Messages`). */
export interface ConsoleTexts {
  shell: typeof shellZh;
  menu: typeof menuZh;
  crud: typeof crudZh;
  events: typeof eventsZh;
  secondFactor: typeof secondFactorZh;
}

const zh: ConsoleTexts = {
  shell: shellZh,
  menu: menuZh,
  crud: crudZh,
  events: eventsZh,
  secondFactor: secondFactorZh,
};
const en: ConsoleTexts = {
  shell: shellEn,
  menu: menuEn,
  crud: crudEn,
  events: eventsEn,
  secondFactor: secondFactorEn,
};

// Deep, without overwriting: `shell.failure` is already there from the core texts.
i18n.addResourceBundle('zh', 'translation', zh, true, false);
i18n.addResourceBundle('en', 'translation', en, true, false);
