import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../i18n/LanguageSwitch';

/**
 * The frame of the pages shown outside a session (sign-in, lock): product name and language switch.
 * A plain panel drawn with the theme's tokens rather than antd's Card, whose tab support would
 * bring Tabs, Dropdown and Menu into the sign-in page's download.
 */
export function PublicPageLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 24,
        background: token.colorBgLayout,
        // What antd's App gives signed-in pages: the theme's font and text colour.
        fontFamily: token.fontFamily,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        color: token.colorText,
      }}
    >
      <section
        aria-labelledby="public-page-title"
        style={{
          width: 420,
          maxWidth: '100%',
          background: token.colorBgContainer,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
          boxShadow: token.boxShadowTertiary,
        }}
      >
        <header
          style={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 12,
            padding: `${token.paddingSM}px ${token.paddingLG}px`,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <span
            id="public-page-title"
            style={{ fontWeight: token.fontWeightStrong, fontSize: token.fontSizeLG, color: token.colorText }}
          >
            {t('app.title')}
          </span>
          <LanguageSwitch />
        </header>
        <div style={{ padding: token.paddingLG }}>{children}</div>
      </section>
    </div>
  );
}

/** The page's heading inside the panel (a plain h1 in the theme's heading style; Typography is not needed here). */
export function PublicPageHeading({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  const { token } = theme.useToken();
  return (
    <h1
      style={{
        margin: '0 0 16px',
        fontSize: token.fontSizeHeading4,
        lineHeight: token.lineHeightHeading4,
        fontWeight: token.fontWeightStrong,
        color: token.colorTextHeading,
        ...style,
      }}
    >
      {children}
    </h1>
  );
}
