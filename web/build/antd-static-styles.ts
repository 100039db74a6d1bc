import type { Plugin } from 'vite';

// antd's component styles as static CSS for the signed-in console (docs/decisions/0028): the pages
// under ShellProviders run antd with `zeroRuntime`, so antd does not build their styles in the
// browser, and `antd/dist/antd.css` brings them instead. This plugin prepares the two antd
// stylesheets the console imports, in the build, the dev server and the tests alike.

/**
 * The cascade layers, lowest first: antd's reset under antd's components, both under everything
 * else. Unlayered rules beat layered ones whatever their specificity, so the reset's element rules
 * (`ul { margin-bottom: 1em }`) would otherwise beat antd's class rules (`.ant-menu { margin: 0 }`);
 * and the console's own CSS, and the styles antd writes at run time where it still does (the
 * sign-in page, the static message), keep outranking the static ones as they outrank antd's now.
 */
export const LAYER_ORDER = '@layer antd-reset, antd;';

/** A theme's variables: `.css-var-<key>` with, for a component's own tokens, its `.ant-x-css-var` class. */
const THEME_SCOPE = String.raw`\.css-var-[\w-]+(?:\.[\w-]+)?`;
const THEME_VARIABLE_RULE = new RegExp(
  String.raw`(?:(?<=\})|^)\s*${THEME_SCOPE}(?:\s*,\s*${THEME_SCOPE})*\s*\{[^{}]*\}`,
  'g',
);

/**
 * antd.css without its theme: the rules that set the design tokens' variables for antd's default
 * theme (its blue, light). antd writes the variables of the console's theme at run time, zeroRuntime
 * or not, from the user's theme and colour; the static ones would not apply to them (another
 * `css-var` key) but are dead weight. Every other rule only reads variables, apart from a few fixed
 * colours antd writes the same in every theme.
 */
export function withoutThemeVariables(css: string): string {
  return css.replace(THEME_VARIABLE_RULE, (rule) => {
    const declarations = rule
      .slice(rule.indexOf('{') + 1, -1)
      .split(';')
      .filter((d) => d.trim());
    // Only variables in a theme's scope: anything else in such a rule would be a structural style.
    if (declarations.some((declaration) => !declaration.trim().startsWith('--'))) return rule;
    return '';
  });
}

const ANTD_CSS = /[\\/]antd[\\/]dist[\\/]antd\.css(?:\?.*)?$/;
const ANTD_RESET_CSS = /[\\/]antd[\\/]dist[\\/]reset\.css(?:\?.*)?$/;

export function antdStaticStyles(): Plugin {
  return {
    name: 'console:antd-static-styles',
    enforce: 'pre',
    transform(code, id) {
      if (ANTD_RESET_CSS.test(id))
        return { code: `${LAYER_ORDER}\n@layer antd-reset {\n${code}\n}`, map: null };
      if (ANTD_CSS.test(id)) return { code: `@layer antd {${withoutThemeVariables(code)}}`, map: null };
      return null;
    },
  };
}
