import type { ConsoleTexts } from '../console-texts';
import type { AreaTexts } from '../page-texts';

/** Chinese texts, the default language; `en` must have exactly the same keys. */
export const zh = {
  app: {
    title: '后台管理系统',
  },
  language: {
    label: '语言',
  },
  common: {
    ok: '确定',
    cancel: '取消',
    tip: '提示',
    loading: '加载中',
  },
  login: {
    title: '登录',
    tenantId: '租户编号',
    tenantIdRequired: '请输入租户编号',
    username: '账号',
    usernameRequired: '请输入账号',
    password: '密码',
    passwordRequired: '请输入密码',
    captcha: '验证码',
    captchaRequired: '请输入验证码',
    captchaImage: '验证码图片',
    captchaRefresh: '看不清？换一张验证码',
    captchaFailed: '验证码加载失败，请点右侧按钮重试',
    showPassword: '显示密码',
    submit: '登录',
    submitting: '登录中…',
    socialPending: '第三方系统登录中，请稍候…',
  },
  lock: {
    title: '锁屏',
    heading: '屏幕已锁定',
    password: '锁屏密码',
    passwordRequired: '锁屏密码不能为空',
    wrongPassword: '解锁密码错误，请重新输入',
    unlock: '解锁',
    lock: '锁屏',
    setPassword: '设置锁屏密码',
    setPasswordHint: '解锁时需要输入这个密码。',
  },
  logout: {
    action: '退出登录',
    confirm: '退出系统, 是否继续?',
  },
  home: {
    title: '首页',
    greeting: '你好，{{name}}',
    notice: '这是本版本的首页：工作台、菜单和标签栏将在后续版本中提供。',
    switchDeptRole: '切换部门/角色',
  },
  switchDeptRole: {
    title: '切换部门/角色',
    dept: '部门',
    deptRequired: '请选择部门',
    role: '角色',
    roleRequired: '请选择角色',
  },
  register: {
    title: '账号注册',
    intro: '第三方账号尚未关联本系统的用户，请提交注册申请，管理员通过后即可登录。',
    tenantId: '租户编号',
    tenantIdRequired: '请先输入租户编号',
    name: '用户姓名',
    account: '账号名称',
    accountRequired: '请先输入账号名称',
    password: '账号密码',
    passwordRequired: '请先输入密码',
    password2: '确认密码',
    passwordMismatch: '两次密码输入不一致',
    submit: '提交',
    successTitle: '注册提示',
    success: '注册申请已提交,请耐心等待管理员通过!',
    failed: '提交失败',
  },
  // The tenant's password policy, checked before a password is hashed (utils/password-policy.ts).
  password: {
    policy: '至少 {{min}} 个字符，包含{{names}}中至少 {{classes}} 类',
    tooShort: '密码至少需要 {{min}} 个字符，现在只有 {{length}} 个',
    fewClasses: '密码需要包含至少 {{classes}} 类字符（现有 {{have}} 类），可加入：{{missing}}',
    class: { lower: '小写字母', upper: '大写字母', digit: '数字', symbol: '符号' },
    listSeparator: '、',
    sentenceSeparator: '；',
    // The forced change after a generated, reset or initial password (pages/password-change).
    changeTitle: '请修改密码',
    changeIntro: '您的密码是管理员设置、重置或系统初始的密码，须先修改为只有您知道的密码才能继续使用。',
    oldPassword: '当前密码',
    oldPasswordRequired: '请输入当前密码',
    newPassword: '新密码',
    newPasswordRequired: '请输入新密码',
    newPassword1: '确认新密码',
    newPassword1Required: '请再次输入新密码',
    mismatch: '两次输入的新密码不一致',
    submit: '修改并继续',
    logout: '退出登录',
    changed: '密码已修改',
  },
  error: {
    '403': { title: '无权访问', description: '抱歉，您无权访问此页面。' },
    '404': { title: '页面不存在', description: '抱歉，您访问的页面不存在。' },
    '500': { title: '服务器出错', description: '抱歉，服务器出错了。' },
    backHome: '返回首页',
  },
  shell: {
    // What the root's error view says when a page's code did not download (app/ErrorFallback.tsx):
    // the rest of `shell.*` comes with the main layout (i18n/console-texts.ts).
    failure: {
      chunkTitle: '页面加载失败',
      chunkText: '页面的部分文件没有下载下来（网络中断，或系统刚刚更新）。刷新页面即可重新加载。',
      cssChunkText: '页面的样式文件没有下载下来（网络中断，或系统刚刚更新）。刷新页面即可重新加载。',
      renderTitle: '页面出错了',
      renderText: '错误已记入本地错误日志（顶栏的日志按钮）。可以重试，或刷新页面。',
      code: '错误代码：{{code}}',
      reload: '刷新页面',
      retry: '重试',
      menuTitle: '菜单加载失败',
      menuText: '没有取到菜单，页面无法打开。',
    },
  },
  request: {
    unreachable: '无法连接服务器，请稍后重试',
    unknownError: '未知错误',
  },
};

/** The texts loaded with the console's first download (the sign-in page's). */
export type CoreMessages = typeof zh;

/**
 * Every text key: the core texts, the shell's and the kit's (loaded with the main layout and the
 * kit, web/src/i18n/console-texts.ts) and those each page brings with it (web/src/i18n/page-texts.ts).
 */
export type Messages = Omit<CoreMessages, 'shell'> & {
  shell: {
    [K in keyof ConsoleTexts['shell'] | keyof CoreMessages['shell']]: K extends keyof CoreMessages['shell']
      ? CoreMessages['shell'][K]
      : K extends keyof ConsoleTexts['shell']
        ? ConsoleTexts['shell'][K]
        : never;
  };
} & Omit<ConsoleTexts, 'shell'> &
  AreaTexts;
