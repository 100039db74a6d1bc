// @vitest-environment node
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { antdStaticStyles, LAYER_ORDER, withoutThemeVariables } from '../build/antd-static-styles';

// The build's preparation of antd's static stylesheet (docs/decisions/0028-static-antd-styles.md).

const antdCssFile = createRequire(import.meta.url).resolve('antd/dist/antd.css');

describe("antd's stylesheet without its theme", () => {
  it('drops the rules that set a theme scope’s variables, and nothing else', () => {
    const css = [
      '.css-var-_R_0_{--ant-color-primary:#1677ff;--ant-font-size:14px;}',
      '.ant-btn{color:var(--ant-color-primary);}',
      '.css-var-_R_0_.ant-menu-css-var{--ant-menu-item-selected-bg:#e6f4ff;}',
      // A component's own variables under its own class: structural, kept.
      '.ant-form-item{--ant-form-item-label-margin:initial;}',
      '.css-var-a, .css-var-b{--ant-color-text:#000;}',
      // A theme scope that sets anything besides variables is not a theme's rule: kept.
      '.css-var-k{--ant-x:1;color:red}',
      '@media (max-width:575px){.ant-col-xs-1{flex:0 0 4%;}}',
    ].join('');
    expect(withoutThemeVariables(css)).toBe(
      [
        '.ant-btn{color:var(--ant-color-primary);}',
        '.ant-form-item{--ant-form-item-label-margin:initial;}',
        '.css-var-k{--ant-x:1;color:red}',
        '@media (max-width:575px){.ant-col-xs-1{flex:0 0 4%;}}',
      ].join(''),
    );
  });

  it("keeps every structural rule of antd's own file and none of its default theme", () => {
    const css = readFileSync(antdCssFile, 'utf8');
    const stripped = withoutThemeVariables(css);
    // antd's theme scopes are gone, and with them its default blue.
    expect(stripped).not.toMatch(/\.css-var-/);
    expect(css).toMatch(/--ant-color-primary:#1677ff/);
    expect(stripped).not.toMatch(/#1677ff/);
    // Only whole rules went: the number of rules fell by exactly the ones removed.
    const rules = (text: string) => text.split('{').length - 1;
    const removed = css.match(/(?:^|(?<=\}))\s*\.css-var-[^{}]*\{[^{}]*\}/g) ?? [];
    expect(removed.length).toBeGreaterThan(50);
    expect(rules(stripped)).toBe(rules(css) - removed.length);
    // What reads the variables stays, for instance the upload box's icon colour.
    expect(stripped).toContain(
      '.ant-upload-wrapper .ant-upload-drag p.ant-upload-drag-icon .anticon{color:var(--ant-color-primary);',
    );
  });
});

describe('the plugin', () => {
  const transform = (code: string, id: string) => {
    const hook = antdStaticStyles().transform as Exclude<
      Plugin['transform'],
      undefined | { handler: unknown }
    >;
    return hook.call({} as never, code, id) as { code: string } | null;
  };

  it("puts antd's reset in the lowest layer, after declaring the layers' order", () => {
    const result = transform('body{margin:0}', '/x/node_modules/antd/dist/reset.css');
    expect(result?.code.startsWith(LAYER_ORDER)).toBe(true);
    expect(result?.code).toContain('@layer antd-reset {\nbody{margin:0}\n}');
  });

  it("puts antd's stylesheet, without its theme, in antd's layer", () => {
    const result = transform(
      '.css-var-_R_0_{--ant-color-primary:#1677ff;}.ant-btn{display:inline-flex}',
      '/x/node_modules/antd/dist/antd.css',
    );
    expect(result?.code).toBe('@layer antd {.ant-btn{display:inline-flex}}');
  });

  it('leaves every other file alone', () => {
    expect(transform('.login{}', '/x/web/src/pages/login/login.css')).toBeNull();
  });
});
